import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * `billing.report.signed`: marks the report's time entries, material usage and expenses as
 * reported (report id and number), so they can no longer be edited or deleted and later reports
 * leave them out. Exactly once: the base class skips a redelivered event (processed_events), and
 * the update only touches rows not yet reported, so even a second event for the same records
 * leaves the first report's marks (one set of locks).
 */
@Injectable()
export class ReportedRecordsConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-reported-records';
  readonly filterSubjects = ['billing.report.signed'];

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'billing.report.signed') return;
    const d = event.data;
    const mark = (table: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve()
        : manager.query(
            `UPDATE ${table} SET reported_report_id = $3, reported_report_number = $4, reported_at = now()
             WHERE company_id = $1 AND id = ANY($2::uuid[]) AND reported_report_id IS NULL`,
            [event.companyId, ids, d.reportId, d.reportNumber],
          );
    await mark('time_entries', d.timeEntryIds);
    await mark('material_usages', d.materialUsageIds);
    await mark('expenses', d.expenseIds);
    this.logger.log({
      msg: 'records marked as reported',
      reportNumber: d.reportNumber,
      timeEntries: d.timeEntryIds.length,
      materialUsage: d.materialUsageIds.length,
      expenses: d.expenseIds.length,
    });
  }
}
