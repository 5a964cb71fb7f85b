import { Injectable } from '@nestjs/common';
import type { QuoteTemplateDto } from '@zunft/contracts';
import { affected, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

export type TemplatePayload = QuoteTemplateDto['payload'];

interface TemplateRow {
  id: string;
  name: string;
  description: string | null;
  payload: TemplatePayload;
  created_at: Date;
  updated_at: Date;
}

export interface StoredTemplate extends Omit<TemplateRow, 'created_at' | 'updated_at'> {
  created_at: string;
  updated_at: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const toStored = (r: TemplateRow): StoredTemplate => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

@Injectable()
export class QuoteTemplatesRepository {
  async list(manager: EntityManager, scope: TenantScope, search: string | null): Promise<StoredTemplate[]> {
    const params: unknown[] = [scope.companyId];
    let where = 'company_id = $1';
    if (search) {
      params.push(`%${escapeLike(search)}%`);
      where += ` AND (name ILIKE $2 OR description ILIKE $2 OR payload->>'title' ILIKE $2)`;
    }
    const result = await rows<TemplateRow>(
      manager,
      `SELECT id, name, description, payload, created_at, updated_at FROM quote_templates WHERE ${where}
       ORDER BY lower(name), id`,
      params,
    );
    return result.map(toStored);
  }

  async find(manager: EntityManager, scope: TenantScope, id: string): Promise<StoredTemplate | null> {
    const row = await one<TemplateRow>(
      manager,
      `SELECT id, name, description, payload, created_at, updated_at FROM quote_templates WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId],
    );
    return row ? toStored(row) : null;
  }

  async insert(
    manager: EntityManager,
    scope: TenantScope,
    input: { name: string; description: string | null; payload: TemplatePayload; createdBy: string },
  ): Promise<string> {
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO quote_templates (company_id, name, description, payload, created_by) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [scope.companyId, input.name, input.description, JSON.stringify(input.payload), input.createdBy],
    );
    return row!.id;
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (
      (await affected(manager, `DELETE FROM quote_templates WHERE id = $1 AND company_id = $2`, [
        id,
        scope.companyId,
      ])) > 0
    );
  }
}
