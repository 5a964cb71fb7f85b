import { Injectable } from '@nestjs/common';
import type { AbsenceType, HalfDay, NotificationDto, NotificationKind } from '@zunft/contracts';
import { affected, iso, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  absence_id: string;
  first_name: string | null;
  last_name: string | null;
  type: AbsenceType;
  start_date: string;
  end_date: string;
  half_day: HalfDay | null;
  reject_reason: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toDto = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  kind: r.kind,
  absence: {
    id: r.absence_id,
    user_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    type: r.type,
    start_date: r.start_date,
    end_date: r.end_date,
    half_day: r.half_day,
    reject_reason: r.reject_reason,
  },
  created_at: iso(r.created_at)!,
  read_at: iso(r.read_at),
});

/** The notifications of holiday requests (issue 24); each names its absence, read live. */
@Injectable()
export class NotificationsRepository {
  /** One notification per recipient; `recipients` null = the company's active office (admins, backoffice). */
  async add(
    m: EntityManager,
    scope: TenantScope,
    n: { kind: NotificationKind; absenceId: string; recipients: string[] | null; exceptUserId: string },
  ): Promise<number> {
    const inserted = await rows<{ id: string }>(
      m,
      `INSERT INTO notifications (company_id, user_id, kind, absence_id, params)
       SELECT $1, s.id, $2, $3, '{}'::jsonb FROM staff s
       WHERE s.company_id = $1 AND s.deleted_at IS NULL AND s.is_active AND s.id <> $5
         AND (CASE WHEN $4::uuid[] IS NULL THEN s.role IN ('admin', 'backoffice') ELSE s.id = ANY($4::uuid[]) END)
       RETURNING id`,
      [scope.companyId, n.kind, n.absenceId, n.recipients, n.exceptUserId],
    );
    return inserted.length;
  }

  /** The user's newest `limit` and the count of all unread. */
  async list(
    m: EntityManager,
    scope: TenantScope,
    userId: string,
    limit: number,
  ): Promise<{ items: NotificationDto[]; unread: number }> {
    const found = await rows<NotificationRow>(
      m,
      `SELECT n.id, n.kind, n.absence_id, s.first_name, s.last_name, a.type,
              to_char(a.start_date, 'YYYY-MM-DD') AS start_date, to_char(a.end_date, 'YYYY-MM-DD') AS end_date,
              a.half_day, a.reject_reason, n.created_at, n.read_at
       FROM notifications n
       JOIN absences a ON a.id = n.absence_id AND a.company_id = n.company_id
       LEFT JOIN staff s ON s.id = a.user_id AND s.company_id = a.company_id
       WHERE n.company_id = $1 AND n.user_id = $2
       ORDER BY n.created_at DESC, n.id DESC LIMIT $3`,
      [scope.companyId, userId, limit],
    );
    const count = await one<{ unread: number }>(
      m,
      `SELECT count(*)::int AS unread FROM notifications WHERE company_id = $1 AND user_id = $2 AND read_at IS NULL`,
      [scope.companyId, userId],
    );
    return { items: found.map(toDto), unread: count?.unread ?? 0 };
  }

  /** Marks all the user's unread notifications read; answers how many. */
  markAllRead(m: EntityManager, scope: TenantScope, userId: string): Promise<number> {
    return affected(
      m,
      `UPDATE notifications SET read_at = now() WHERE company_id = $1 AND user_id = $2 AND read_at IS NULL`,
      [scope.companyId, userId],
    );
  }
}
