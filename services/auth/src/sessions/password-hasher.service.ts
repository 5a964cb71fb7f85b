import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';

/** A hash no password matches: set when a user is anonymised. */
export const UNUSABLE_PASSWORD_HASH = '!unusable';

/** argon2id password hashing; cost from config (tests use the minimum to stay fast). */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.config.passwordHash.memoryCost,
      timeCost: this.config.passwordHash.timeCost,
      parallelism: 1,
    });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    if (!hash.startsWith('$argon2')) return false;
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('zunft-timing-equaliser');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
