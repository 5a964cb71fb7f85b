import { Injectable } from '@nestjs/common';
import type { ActivityDto, ActivityType } from '@zunft/contracts';
import { rows, sqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface ActivityRow {
  id: string;
  type: ActivityType;
  description: string;
  user_name: string;
  created_at: Date;
}

/** The dashboard's recent-activity feed, written in the same transaction as the change it reports. */
@Injectable()
export class ActivitiesRepository {
  async record(
    manager: EntityManager,
    scope: TenantScope,
    input: {
      type: ActivityType;
      description: string;
      userId: string | null;
      userName: string;
      entityId: string | null;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO activities (company_id, type, description, user_id, user_name, entity_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [scope.companyId, input.type, input.description.slice(0, 500), input.userId, input.userName, input.entityId],
    );
  }

  /** Latest activities of the company, or only the given user's. */
  async recent(manager: EntityManager, scope: TenantScope, limit: number, userId?: string): Promise<ActivityDto[]> {
    const where = sqlWhere('company_id = $1', [scope.companyId]).eq('user_id', userId);
    const result = await rows<ActivityRow>(
      manager,
      `SELECT id, type, description, user_name, created_at FROM activities WHERE ${where.sql}
       ORDER BY created_at DESC, id DESC LIMIT $${where.params.length + 1}`,
      [...where.params, limit],
    );
    return result.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }
}
