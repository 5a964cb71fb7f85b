import { Injectable } from '@nestjs/common';
import type { ReportContentDto } from '@zunft/contracts';
import { IdempotentConsumer, TenantScope, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ReportsRepository } from '../reports.repository.js';

/** Replaces the user's name in a report snapshot (employee block, material and expense lines). */
export function anonymiseContent(content: ReportContentDto, userId: string, name: string): ReportContentDto {
  return {
    ...content,
    employees: content.employees.map((e) => (e.employee_id === userId ? { ...e, employee_name: name } : e)),
    materials: content.materials.map((x) => (x.employee_id === userId ? { ...x, employee_name: name } : x)),
    expenses: content.expenses.map((x) => (x.employee_id === userId ? { ...x, employee_name: name } : x)),
  };
}

/**
 * Permanent deletion of a user (part 2 §4): the reports naming the user get the anonymised name;
 * `created_by` is cleared. The count answered to auth (`rpc.billing.user-dependencies`) uses the
 * same filter. A repeat is harmless (same name again).
 */
@Injectable()
export class ReportUserDeletedConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-reports-user-deleted';
  readonly filterSubjects = ['auth.user.deleted'];

  constructor(private readonly repo: ReportsRepository) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'auth.user.deleted') return;
    const { userId, anonymizedName } = event.data;
    const scope = TenantScope.forSystem(event.companyId);
    for (const r of await this.repo.naming(manager, scope, userId)) {
      await this.repo.replaceContent(manager, scope, r.id, anonymiseContent(r.content, userId, anonymizedName), userId);
    }
  }
}
