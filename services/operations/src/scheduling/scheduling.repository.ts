import { Injectable } from '@nestjs/common';
import type { Role, ScheduleAssignmentDto, ScheduleEmployeeDto } from '@zunft/contracts';
import { changed, iso, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/** An assignment as stored, without the conflict flags (those are computed over a day's assignments). */
export type AssignmentRecord = Omit<ScheduleAssignmentDto, 'conflict' | 'conflict_with'>;

interface AssignmentRow extends Omit<AssignmentRecord, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

export interface AssignmentWrite {
  userId: string;
  projectId: string;
  workDate: string;
  startTime: string | null;
  endTime: string | null;
  note: string | null;
}

const toRecord = (r: AssignmentRow): AssignmentRecord => ({
  ...r,
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

const SELECT = `SELECT sa.id, sa.user_id, sa.project_id, p.title AS project_title, p.project_number,
    p.status AS project_status, c.name AS customer_name, to_char(sa.work_date, 'YYYY-MM-DD') AS work_date,
    to_char(sa.start_time, 'HH24:MI') AS start_time, to_char(sa.end_time, 'HH24:MI') AS end_time,
    sa.note, sa.created_by, sa.created_at, sa.updated_at
  FROM schedule_assignments sa
  JOIN projects p ON p.id = sa.project_id
  JOIN customers c ON c.id = p.customer_id`;

/** Day first, whole-day assignments before timed ones, then by start time. */
const ORDER = `ORDER BY sa.work_date, sa.start_time NULLS FIRST, sa.end_time, p.project_number, sa.id`;

@Injectable()
export class SchedulingRepository {
  /** Assignments between two days (inclusive); `userId` limits them to one employee. */
  async listRange(
    manager: EntityManager,
    scope: TenantScope,
    from: string,
    to: string,
    userId: string | null,
  ): Promise<AssignmentRecord[]> {
    const result = await rows<AssignmentRow>(
      manager,
      `${SELECT} WHERE sa.company_id = $1 AND sa.work_date BETWEEN $2 AND $3 AND ($4::uuid IS NULL OR sa.user_id = $4)
       ${ORDER}`,
      [scope.companyId, from, to, userId],
    );
    return result.map(toRecord);
  }

  /** One employee's assignments of one day (the candidates for a conflict). */
  sameDay(manager: EntityManager, scope: TenantScope, userId: string, workDate: string): Promise<AssignmentRecord[]> {
    return this.listRange(manager, scope, workDate, workDate, userId);
  }

  async find(manager: EntityManager, scope: TenantScope, id: string, lock = false): Promise<AssignmentRecord | null> {
    const row = await one<AssignmentRow>(
      manager,
      `${SELECT} WHERE sa.id = $1 AND sa.company_id = $2${lock ? ' FOR UPDATE OF sa' : ''}`,
      [id, scope.companyId],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * The rows of the week board. The office sees every active staff member plus anyone (deactivated,
   * deleted) who still has assignments in the range; `onlyUserId` gives just that one person.
   */
  async employees(
    manager: EntityManager,
    scope: TenantScope,
    from: string,
    to: string,
    onlyUserId: string | null,
  ): Promise<ScheduleEmployeeDto[]> {
    return rows<ScheduleEmployeeDto & { role: Role }>(
      manager,
      `SELECT s.id, s.first_name, s.last_name, s.role, (s.is_active AND s.deleted_at IS NULL) AS is_active
       FROM staff s
       WHERE s.company_id = $1
         AND ($4::uuid IS NULL OR s.id = $4)
         AND ((s.is_active AND s.deleted_at IS NULL) OR $4::uuid IS NOT NULL OR EXISTS (
           SELECT 1 FROM schedule_assignments sa
           WHERE sa.company_id = $1 AND sa.user_id = s.id AND sa.work_date BETWEEN $2 AND $3))
       ORDER BY lower(s.last_name), lower(s.first_name), s.id`,
      [scope.companyId, from, to, onlyUserId],
    );
  }

  async insert(manager: EntityManager, scope: TenantScope, createdBy: string, a: AssignmentWrite): Promise<string> {
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO schedule_assignments (company_id, user_id, project_id, work_date, start_time, end_time, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [scope.companyId, a.userId, a.projectId, a.workDate, a.startTime, a.endTime, a.note, createdBy],
    );
    return row!.id;
  }

  async update(manager: EntityManager, scope: TenantScope, id: string, a: AssignmentWrite): Promise<void> {
    await manager.query(
      `UPDATE schedule_assignments SET user_id = $3, project_id = $4, work_date = $5, start_time = $6, end_time = $7,
         note = $8, updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, a.userId, a.projectId, a.workDate, a.startTime, a.endTime, a.note],
    );
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (
      (
        await changed(manager, `DELETE FROM schedule_assignments WHERE id = $1 AND company_id = $2 RETURNING id`, [
          id,
          scope.companyId,
        ])
      ).length > 0
    );
  }

  /** Whether exactly this slot (employee, project, day, window) is already planned. */
  async exists(manager: EntityManager, scope: TenantScope, a: AssignmentWrite): Promise<boolean> {
    return (
      (await one(
        manager,
        `SELECT 1 FROM schedule_assignments
         WHERE company_id = $1 AND user_id = $2 AND project_id = $3 AND work_date = $4
           AND start_time IS NOT DISTINCT FROM $5::time AND end_time IS NOT DISTINCT FROM $6::time`,
        [scope.companyId, a.userId, a.projectId, a.workDate, a.startTime, a.endTime],
      )) !== null
    );
  }
}
