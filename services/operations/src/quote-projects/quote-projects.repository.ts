import { Injectable } from '@nestjs/common';
import { one, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';

/** Projects by their source quote (`projects.source_quote_id`, unique per company). */
@Injectable()
export class QuoteProjectsRepository {
  async findBySourceQuote(manager: EntityManager, scope: TenantScope, quoteId: string): Promise<string | null> {
    const row = await one<{ id: string }>(
      manager,
      `SELECT id FROM projects WHERE company_id = $1 AND source_quote_id = $2`,
      [scope.companyId, quoteId],
    );
    return row?.id ?? null;
  }

  /** Inserts the planned project; null when a project of that quote exists already (concurrent request). */
  async insert(
    manager: EntityManager,
    scope: TenantScope,
    p: {
      customerId: string;
      title: string;
      projectNumber: string;
      description: string;
      createdBy: string;
      sourceQuoteId: string;
    },
  ): Promise<string | null> {
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO projects (company_id, customer_id, title, project_number, description, status, created_by, source_quote_id)
       VALUES ($1, $2, $3, $4, $5, 'planned', $6, $7)
       ON CONFLICT (company_id, source_quote_id) DO NOTHING RETURNING id`,
      [scope.companyId, p.customerId, p.title, p.projectNumber, p.description, p.createdBy, p.sourceQuoteId],
    );
    if (row) listTotals.invalidate(manager, scope.companyId, LISTS.projects);
    return row?.id ?? null;
  }
}
