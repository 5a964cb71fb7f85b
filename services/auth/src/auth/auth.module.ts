import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { CompaniesModule } from '../companies/companies.module.js';
import { MembershipsModule } from '../memberships/index.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { EmailVerificationLinkResponder } from './email-verification-link.responder.js';
import { EmailVerificationRepository } from './email-verification.repository.js';
import { EmailVerificationService } from './email-verification.service.js';
import { RefreshCookieInterceptor } from './refresh-cookie.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { LoginThrottle } from './login-throttle.service.js';
import { RegistrationService } from './registration.service.js';
import { SuperAdminService } from './superadmin.service.js';
import { SuperAdminTokensRepository } from './superadmin-tokens.repository.js';

@Module({
  imports: [SessionsModule, UsersModule, CompaniesModule, AuditModule, MembershipsModule],
  controllers: [AuthController, EmailVerificationController],
  providers: [
    AuthService,
    RegistrationService,
    SuperAdminService,
    SuperAdminTokensRepository,
    RefreshCookieInterceptor,
    LoginThrottle,
    LoginThrottleRepository,
    EmailVerificationService,
    EmailVerificationRepository,
    EmailVerificationLinkResponder,
  ],
  exports: [RegistrationService, SuperAdminService],
})
export class AuthModule {}
