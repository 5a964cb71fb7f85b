import { Injectable } from '@nestjs/common';
import {
  BUSINESS_RECORD_RETENTION_YEARS,
  CLOSED_COMPANY_GRACE_DAYS,
  lastExpiredYear,
  TIME_RECORD_RETENTION_YEARS,
} from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { RetentionRepository } from './retention.repository.js';

export interface OperationsRetentionResult {
  companies: Array<{
    companyId: string;
    nonRecords: number;
    timeRecords: number;
    businessRecords: number;
    removed: boolean;
  }>;
}

/**
 * A closed company's data in operations (issue 26). Nothing goes during the grace period
 * (CLOSED_COMPANY_GRACE_DAYS from the closing); then, day by day:
 *
 * - what is no record (schedule, notifications, activity feed, settings, holidays, catalogue imports,
 *   price history, suppliers, unused materials);
 * - time records 5 years after the end of the calendar year of the work (ArGV 1 art. 73 para. 2):
 *   time entries (with their GPS positions), absences, closed months;
 * - expenses with their receipts and material use 10 years after the end of their business year
 *   (OR art. 958f para. 1, the calendar year);
 * - last, when no record is left, projects, customers, materials, staff and every other row.
 *
 * Open companies are never touched: only those operations learnt as closed (auth.company.closed).
 */
@Injectable()
export class RetentionService {
  constructor(private readonly repo: RetentionRepository) {}

  companyClosed(manager: EntityManager, companyId: string, closedAt: string): Promise<void> {
    return this.repo.markClosed(manager, companyId, closedAt);
  }

  /** One company per transaction (`transaction`), so a failing company stops neither the others nor the next day. */
  async run(
    transaction: <T>(work: (m: EntityManager) => Promise<T>) => Promise<T>,
    today: string,
  ): Promise<OperationsRetentionResult> {
    const lastTimeYear = lastExpiredYear(today, TIME_RECORD_RETENTION_YEARS);
    const lastBusinessYear = lastExpiredYear(today, BUSINESS_RECORD_RETENTION_YEARS);
    const result: OperationsRetentionResult = { companies: [] };
    const due = await transaction((m) => this.repo.graceOver(m, today, CLOSED_COMPANY_GRACE_DAYS));
    for (const companyId of due) {
      result.companies.push(
        await transaction(async (m) => {
          const timeRecords = await this.repo.removeExpiredTimeRecords(m, companyId, lastTimeYear);
          const businessRecords = await this.repo.removeExpiredBusinessRecords(m, companyId, lastBusinessYear);
          // After the records: a material whose last use just expired is unused now and goes too.
          const nonRecords = await this.repo.removeNonRecords(m, companyId);
          const removed = !(await this.repo.recordsLeft(m, companyId));
          if (removed) await this.repo.removeCompany(m, companyId);
          return { companyId, nonRecords, timeRecords, businessRecords, removed };
        }),
      );
    }
    return result;
  }
}
