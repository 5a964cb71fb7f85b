import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * Keeps each staff member's hourly rate (`auth.user.created/updated`) for report snapshots: the
 * rate at generation goes into the report and into `billing.report.signed` (labour lines).
 */
@Injectable()
export class ReportStaffRatesConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-reports-staff-rates';
  readonly filterSubjects = ['auth.user.created', 'auth.user.updated'];

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'auth.user.created' && event.type !== 'auth.user.updated') return;
    await manager.query(
      `INSERT INTO report_staff_rates (user_id, company_id, hourly_rate) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET hourly_rate = EXCLUDED.hourly_rate, updated_at = now()
       WHERE report_staff_rates.company_id = EXCLUDED.company_id`,
      [event.data.userId, event.companyId, event.data.hourlyRate],
    );
  }
}
