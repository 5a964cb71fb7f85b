import { Injectable } from '@nestjs/common';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import { AuditLogEntity } from './audit-log.entity.js';

export type NewAuditEntry = Omit<AuditLogEntity, 'id' | 'company' | 'actor'> & { actor?: AuditLogEntity['actor'] };

/** `audit_log`: written by auth only, read per company, newest first. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(AuditLogEntity);
  }

  /** Inserts the line; one that came from an already recorded event is skipped (unique source_event_id). */
  async insert(entry: NewAuditEntry & { id?: string }, m?: EntityManager): Promise<void> {
    await this.repo(m)
      .createQueryBuilder()
      .insert()
      .values({ ...entry, actor: entry.actor ?? 'support' })
      .orIgnore()
      .execute();
  }

  /** The answer's status of a line written in the request's transaction (known only once the handler returned). */
  async setStatus(id: string, status: number): Promise<void> {
    await this.repo().update({ id }, { status });
  }

  async companyOfUser(m: EntityManager, userId: string): Promise<string | null> {
    const [row] = (await m.query(`SELECT company_id FROM users WHERE id = $1`, [userId])) as { company_id: string }[];
    return row?.company_id ?? null;
  }

  /** `limit + 1` lines of the company before `before` (newest first): the extra one tells whether there are more. */
  page(companyId: string, limit: number, before: Date | undefined): Promise<AuditLogEntity[]> {
    return this.repo().find({
      where: { companyId, ...(before ? { occurredAt: LessThan(before) } : {}) },
      order: { occurredAt: 'DESC', id: 'DESC' },
      take: limit + 1,
    });
  }
}
