import { Injectable } from '@nestjs/common';
import { affected, companyRecordsLeft, markCompanyClosed, sweepClosedCompany, rows } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

export interface ClosedCompany {
  company_id: string;
  grace_over: boolean;
}

/** Tables of the company's records: while one holds a row, the company's copies and projects stay. */
const RECORD_TABLES = ['time_entries', 'absences', 'month_closes', 'month_close_log', 'expenses', 'material_usages'];

/** Tables without a company's own data (or global): the final sweep leaves them. */
const NOT_SWEPT = new Set(['outbox_events', 'dead_letter_events', 'processed_events', 'retention_closed_companies']);

/** The SQL of a closed company's removal in operations (issue 26); every statement names the company. */
@Injectable()
export class RetentionRepository {
  markClosed(manager: EntityManager, companyId: string, closedAt: string): Promise<void> {
    return markCompanyClosed(manager, companyId, closedAt);
  }

  /** Closed companies not yet removed whose grace period is over on `today`. */
  async graceOver(manager: EntityManager, today: string, graceDays: number): Promise<string[]> {
    const found = await rows<{ company_id: string }>(
      manager,
      `SELECT company_id FROM retention_closed_companies
        WHERE removed_at IS NULL AND (closed_at AT TIME ZONE 'Europe/Zurich')::date + $2::int <= $1::date
        ORDER BY closed_at, company_id`,
      [today, graceDays],
    );
    return found.map((r) => r.company_id);
  }

  /**
   * No records: the schedule, notifications, the activity feed, the company's own holidays and
   * settings, counters, catalogue imports, price history, markups and suppliers, project staffing,
   * and the materials no recorded use names.
   */
  async removeNonRecords(manager: EntityManager, companyId: string): Promise<number> {
    let n = 0;
    for (const table of [
      'schedule_assignments',
      'notifications',
      'activities',
      'company_holidays',
      'company_settings',
      'number_counters',
      'daily_quota_usage',
      'material_imports',
      'material_price_history',
      'material_markups',
      'material_metal_quotations',
      'material_discount_groups',
      'project_assignments',
    ]) {
      n += await affected(manager, `DELETE FROM ${table} WHERE company_id = $1`, [companyId]);
    }
    n += await affected(
      manager,
      `DELETE FROM materials m WHERE m.company_id = $1
          AND NOT EXISTS (SELECT 1 FROM material_usages u WHERE u.material_id = m.id)`,
      [companyId],
    );
    n += await affected(manager, `DELETE FROM material_suppliers WHERE company_id = $1`, [companyId]);
    return n;
  }

  /**
   * Time records (ArGV 1 art. 73 para. 2: kept 5 years): time entries by the Zurich day of their
   * start, absences by their last day, closed months and their log by the month, each once its
   * calendar year is up to `lastYear`.
   */
  async removeExpiredTimeRecords(manager: EntityManager, companyId: string, lastYear: number): Promise<number> {
    const params = [companyId, lastYear];
    return (
      (await affected(
        manager,
        `DELETE FROM time_entries WHERE company_id = $1
            AND date_part('year', start_time AT TIME ZONE 'Europe/Zurich') <= $2`,
        params,
      )) +
      (await affected(
        manager,
        `DELETE FROM absences WHERE company_id = $1 AND date_part('year', end_date) <= $2`,
        params,
      )) +
      (await affected(
        manager,
        `DELETE FROM month_closes WHERE company_id = $1 AND substr(month, 1, 4)::int <= $2`,
        params,
      )) +
      (await affected(
        manager,
        `DELETE FROM month_close_log WHERE company_id = $1 AND substr(month, 1, 4)::int <= $2`,
        params,
      ))
    );
  }

  /**
   * Business records (OR art. 958f para. 1: kept 10 years): expenses with their receipts by the
   * expense's day, material use by the day it was used, once the year is up to `lastYear`.
   */
  async removeExpiredBusinessRecords(manager: EntityManager, companyId: string, lastYear: number): Promise<number> {
    const params = [companyId, lastYear];
    return (
      (await affected(
        manager,
        `DELETE FROM expenses WHERE company_id = $1 AND date_part('year', expense_date) <= $2`,
        params,
      )) +
      (await affected(
        manager,
        `DELETE FROM material_usages WHERE company_id = $1 AND date_part('year', used_at) <= $2`,
        params,
      ))
    );
  }

  recordsLeft(manager: EntityManager, companyId: string): Promise<boolean> {
    return companyRecordsLeft(manager, companyId, RECORD_TABLES);
  }

  /** No record left: projects, customers, materials, staff copies and every other row of the company go. */
  async removeCompany(manager: EntityManager, companyId: string): Promise<void> {
    for (const table of ['schedule_assignments', 'project_assignments', 'projects', 'customers', 'materials']) {
      await manager.query(`DELETE FROM ${table} WHERE company_id = $1`, [companyId]);
    }
    await sweepClosedCompany(manager, companyId, NOT_SWEPT);
  }
}
