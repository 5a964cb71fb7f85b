import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoginThrottleEntity } from './login-throttle.entity.js';

@Injectable()
export class LoginThrottleRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo() {
    return this.dataSource.manager.getRepository(LoginThrottleEntity);
  }

  async lockedUntil(email: string): Promise<Date | null> {
    const row = await this.repo().findOne({ where: { email }, select: { email: true, lockedUntil: true } });
    return row?.lockedUntil ?? null;
  }

  /**
   * Counts one failure atomically (parallel attempts each count) and answers the new count; a
   * series whose last failure is older than `resetAfterMs` starts again at 1.
   */
  async recordFailure(email: string, now: Date, resetAfterMs: number): Promise<number> {
    const rows: Array<{ failures: number }> = await this.dataSource.query(
      `INSERT INTO login_throttles (email, failures, last_failed_at) VALUES ($1, 1, $2)
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE WHEN login_throttles.last_failed_at < $3 THEN 1 ELSE login_throttles.failures + 1 END,
         last_failed_at = $2
       RETURNING failures`,
      [email, now, new Date(now.getTime() - resetAfterMs)],
    );
    return rows[0]!.failures;
  }

  async lock(email: string, until: Date): Promise<void> {
    await this.repo().update({ email }, { lockedUntil: until });
  }

  /** Series that ended before `before` and hold no lock: they would start again at 1 anyway. */
  async prune(before: Date, now: Date): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM login_throttles WHERE last_failed_at < $1 AND (locked_until IS NULL OR locked_until < $2)`,
      [before, now],
    )) as [unknown, number];
    return count;
  }

  async clear(email: string): Promise<void> {
    await this.repo().delete({ email });
  }
}
