import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BUSINESS_RECORD_RETENTION_YEARS, CLOSED_COMPANY_GRACE_DAYS, lastExpiredYear } from '@zunft/contracts';
import { DataSource, type EntityManager } from 'typeorm';

const DAY_MS = 86_400_000;

export interface AuthRetentionResult {
  /** Closed companies whose sessions, tokens, logo, settings and support trail were removed (grace over). */
  graceCleared: string[];
  /** Closed companies removed for good (company row, users, subscription rows, files). */
  removed: string[];
}

/**
 * The auth part of a closed company's removal (issue 26), daily like `SubscriptionMaintenance`
 * (a minute after start, then every 24 hours in each replica; every step is idempotent):
 *
 * - CLOSED_COMPANY_GRACE_DAYS after the closing, what is no record goes: refresh and super-admin
 *   tokens, the logo, the settings and craftsman categories, the support audit trail;
 * - the company row and its users last, once the business records of its last business year (the
 *   year of the closing: nothing is recorded afterwards) have been kept 10 years (OR art. 958f
 *   para. 1); the time records (5 years, ArGV 1 art. 73 para. 2) have expired before. Each service
 *   removes its own records on the same rule, so nothing of the company is left then.
 */
@Injectable()
export class ClosedCompanyRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ClosedCompanyRetention');
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const run = () => void this.run().catch((error) => this.logger.error(`retention failed: ${String(error)}`));
    const first = setTimeout(run, 60_000);
    const daily = setInterval(run, DAY_MS);
    first.unref();
    daily.unref();
    this.timers = [first, daily];
  }

  onApplicationShutdown(): void {
    this.timers.forEach((t) => clearTimeout(t));
  }

  /** `today`: the Zurich day (yyyy-MM-dd) the run counts from; tests pass hand-set days. */
  async run(today = zurichToday()): Promise<AuthRetentionResult> {
    const lastYear = lastExpiredYear(today, BUSINESS_RECORD_RETENTION_YEARS);
    const closed: Array<{ id: string; grace_over: boolean; expired: boolean }> = await this.dataSource.query(
      `SELECT id,
              (closed_at AT TIME ZONE 'Europe/Zurich')::date + $2::int <= $1::date AS grace_over,
              date_part('year', closed_at AT TIME ZONE 'Europe/Zurich') <= $3 AS expired
         FROM companies WHERE closed_at IS NOT NULL ORDER BY closed_at`,
      [today, CLOSED_COMPANY_GRACE_DAYS, lastYear],
    );
    const result: AuthRetentionResult = { graceCleared: [], removed: [] };
    for (const company of closed) {
      if (company.expired) {
        await this.dataSource.transaction((m) => this.removeCompany(m, company.id));
        result.removed.push(company.id);
      } else if (company.grace_over) {
        if (await this.dataSource.transaction((m) => this.clearNonRecords(m, company.id))) {
          result.graceCleared.push(company.id);
        }
      }
    }
    if (result.graceCleared.length || result.removed.length) {
      this.logger.log(`closed companies: ${result.graceCleared.length} cleared, ${result.removed.length} removed`);
    }
    return result;
  }

  /** Returns whether anything was left to remove (a second run finds nothing). */
  private async clearNonRecords(m: EntityManager, companyId: string): Promise<boolean> {
    const counts = await Promise.all([
      count(m, `DELETE FROM refresh_tokens WHERE user_id IN (SELECT id FROM users WHERE company_id = $1)`, companyId),
      count(m, `DELETE FROM superadmin_tokens WHERE company_id = $1`, companyId),
      count(m, `DELETE FROM audit_log WHERE company_id = $1`, companyId),
      count(m, `DELETE FROM craftsman_categories WHERE company_id = $1`, companyId),
      count(m, `DELETE FROM stored_files WHERE company_id = $1`, companyId),
      count(m, `UPDATE companies SET logo_path = NULL WHERE id = $1 AND logo_path IS NOT NULL`, companyId),
    ]);
    return counts.some((n) => n > 0);
  }

  private async removeCompany(m: EntityManager, companyId: string): Promise<void> {
    // Cascades: company_settings, users (and their refresh tokens), super-admin tokens, categories,
    // the audit trail. The subscription rows and counters carry the id without a foreign key.
    for (const table of ['company_subscriptions', 'subscription_payments', 'daily_quota_usage', 'stored_files']) {
      await m.query(`DELETE FROM ${table} WHERE company_id = $1`, [companyId]);
    }
    await m.query(`DELETE FROM companies WHERE id = $1`, [companyId]);
  }
}

async function count(m: EntityManager, sql: string, companyId: string): Promise<number> {
  const result = (await m.query(sql, [companyId])) as [unknown[], number];
  return result[1] ?? 0;
}

function zurichToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}
