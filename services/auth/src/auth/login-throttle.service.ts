import { Injectable } from '@nestjs/common';
import { AuthErrors } from './auth.errors.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';

/** Failures in a row that cost nothing (typos); the next ones lock the address for a while. */
export const FREE_LOGIN_FAILURES = 5;
const FIRST_DELAY_S = 30;
const MAX_DELAY_S = 15 * 60;
const RESET_AFTER_MS = 24 * 3600_000;
const PRUNE_SHARE = 0.01;

/** Seconds an address is locked after its `failures`-th failure in a row: 30 s, 60 s, 2, 4, 8, then 15 min. */
export function lockSecondsAfter(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(FIRST_DELAY_S * 2 ** (failures - FREE_LOGIN_FAILURES), MAX_DELAY_S);
}

/**
 * The throttle per account (per e-mail address as typed), on top of the gateway's per IP: after 5
 * wrong passwords in a row the address is locked with growing delays, during which no password is
 * even checked (German 429 with the wait and `Retry-After`). Unknown addresses are throttled the
 * same way, so the answer does not reveal whether an account exists.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly repo: LoginThrottleRepository) {}

  /** Throws 429 while the address is locked. */
  async assertOpen(email: string, now = new Date()): Promise<void> {
    const until = await this.repo.lockedUntil(normalise(email));
    if (until && until > now) throw AuthErrors.loginThrottled(Math.ceil((until.getTime() - now.getTime()) / 1000));
  }

  async failed(email: string, now = new Date()): Promise<void> {
    const key = normalise(email);
    const seconds = lockSecondsAfter(await this.repo.recordFailure(key, now, RESET_AFTER_MS));
    if (seconds > 0) await this.repo.lock(key, new Date(now.getTime() + seconds * 1000));
    // Every address tried gets a row (unknown ones too): about one failure in a hundred clears the
    // rows of finished series, so the table stays as small as the attempts of the last day.
    if (Math.random() < PRUNE_SHARE) await this.prune(now);
  }

  /** Drops the rows of series older than a day without a running lock (answers how many). */
  prune(now = new Date()): Promise<number> {
    return this.repo.prune(new Date(now.getTime() - RESET_AFTER_MS), now);
  }

  async succeeded(email: string): Promise<void> {
    await this.repo.clear(normalise(email));
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
