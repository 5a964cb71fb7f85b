import { Injectable } from '@nestjs/common';
import {
  translateGermanMessage,
  translateServerMessage,
  type ActivityDto,
  type ActivityType,
  type Language,
  type ServerMessageParams,
  type ServerMessageRef,
} from '@zunft/contracts';
import { rows, sqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface ActivityRow {
  id: string;
  type: ActivityType;
  description: string;
  message_key: string | null;
  message_params: ServerMessageParams | null;
  user_name: string;
  created_at: Date;
}

/** One line of the feed: what happened (catalogue key + parameters), who did it, on which record. */
export interface ActivityInput {
  type: ActivityType;
  message: ServerMessageRef;
  userId: string | null;
  userName: string;
  entityId: string | null;
}

/** The feed's text in `language`: the stored event (key + parameters) translated, else the old German line. */
function describe(row: ActivityRow, language: Language): string {
  if (row.message_key) {
    return translateServerMessage(row.message_key as ServerMessageRef['key'], language, row.message_params ?? {});
  }
  return language === 'de' ? row.description : translateGermanMessage(row.description, language);
}

/**
 * The dashboard's recent-activity feed, written in the same transaction as the change it reports.
 * Stored as a structured event (issue 28): the catalogue key (`activity.*`) and its parameters; the
 * German line in `description` is kept beside them for the record. Read in the reader's language.
 */
@Injectable()
export class ActivitiesRepository {
  async record(manager: EntityManager, scope: TenantScope, input: ActivityInput): Promise<void> {
    const german = translateServerMessage(input.message.key, 'de', input.message.params);
    await manager.query(
      `INSERT INTO activities (company_id, type, description, message_key, message_params, user_id, user_name, entity_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        scope.companyId,
        input.type,
        german.slice(0, 500),
        input.message.key,
        JSON.stringify(input.message.params ?? {}),
        input.userId,
        input.userName,
        input.entityId,
      ],
    );
  }

  /** Latest activities of the company, or only the given user's, described in `language`. */
  async recent(
    manager: EntityManager,
    scope: TenantScope,
    limit: number,
    language: Language,
    userId?: string,
  ): Promise<ActivityDto[]> {
    const where = sqlWhere('company_id = $1', [scope.companyId]).eq('user_id', userId);
    const result = await rows<ActivityRow>(
      manager,
      `SELECT id, type, description, message_key, message_params, user_name, created_at FROM activities WHERE ${where.sql}
       ORDER BY created_at DESC, id DESC LIMIT $${where.params.length + 1}`,
      [...where.params, limit],
    );
    return result.map((r) => ({
      id: r.id,
      type: r.type,
      description: describe(r, language),
      user_name: r.user_name === 'System' ? translateServerMessage('term.System', language) : r.user_name,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}
