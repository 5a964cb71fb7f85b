import { Module } from '@nestjs/common';
import { AccessTokenService } from './access-token.service.js';
import { PasswordHasher } from './password-hasher.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionsService } from './sessions.service.js';

/** Credentials and tokens: password hashing, access JWTs, refresh-token families. */
@Module({
  providers: [AccessTokenService, PasswordHasher, RefreshTokensRepository, SessionsService],
  exports: [AccessTokenService, PasswordHasher, SessionsService],
})
export class SessionsModule {}
