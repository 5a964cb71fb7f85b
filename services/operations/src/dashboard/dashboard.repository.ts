import { Injectable } from '@nestjs/common';
import { one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

export interface CountsRow {
  total_projects: string;
  active_projects: string;
  assigned_projects: string;
  month_minutes: string;
  month_entries: string;
  total_customers: string;
  new_customers: string;
}

/**
 * The dashboard's numbers in one round trip. "This month" is the calendar month in the company's
 * time zone. `$2` = the employee whose own view is asked for, or null for the whole company.
 */
@Injectable()
export class DashboardRepository {
  async counts(
    manager: EntityManager,
    scope: TenantScope,
    employeeId: string | null,
    timezone: string,
  ): Promise<CountsRow> {
    const row = await one<CountsRow>(
      manager,
      `WITH bounds AS (SELECT (date_trunc('month', now() AT TIME ZONE $3) AT TIME ZONE $3) AS month_start),
       visible_projects AS (
         SELECT p.id, p.status, p.customer_id,
                EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.id) AS has_assignment
         FROM projects p
         WHERE p.company_id = $1
           AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.id AND a.user_id = $2))
       )
       SELECT
         (SELECT count(*) FROM visible_projects) AS total_projects,
         (SELECT count(*) FROM visible_projects WHERE status = 'in_progress') AS active_projects,
         (SELECT count(*) FROM visible_projects WHERE has_assignment) AS assigned_projects,
         (SELECT COALESCE(sum(te.total_minutes), 0) FROM time_entries te, bounds
            WHERE te.company_id = $1 AND ($2::uuid IS NULL OR te.user_id = $2) AND te.start_time >= bounds.month_start) AS month_minutes,
         (SELECT count(*) FROM time_entries te, bounds
            WHERE te.company_id = $1 AND ($2::uuid IS NULL OR te.user_id = $2) AND te.start_time >= bounds.month_start) AS month_entries,
         (SELECT count(*) FROM customers c WHERE c.company_id = $1
            AND ($2::uuid IS NULL OR c.id IN (SELECT customer_id FROM visible_projects))) AS total_customers,
         (SELECT count(*) FROM customers c, bounds WHERE c.company_id = $1 AND c.created_at >= bounds.month_start
            AND ($2::uuid IS NULL OR c.id IN (SELECT customer_id FROM visible_projects))) AS new_customers`,
      [scope.companyId, employeeId, timezone],
    );
    return row!;
  }

  /**
   * Minutes per week (Monday, local day of `timezone`) and project from `from` (a Monday) on; an
   * entry counts in the week it starts. `$2` = only this employee's entries, or null for everyone's.
   */
  hoursPerWeek(
    manager: EntityManager,
    scope: TenantScope,
    employeeId: string | null,
    timezone: string,
    from: string,
  ): Promise<{ week: string; project_id: string; title: string; minutes: string }[]> {
    return rows(
      manager,
      `SELECT to_char(date_trunc('week', te.start_time AT TIME ZONE $3), 'YYYY-MM-DD') AS week,
              te.project_id, p.title, sum(COALESCE(te.total_minutes, 0)) AS minutes
       FROM time_entries te JOIN projects p ON p.id = te.project_id AND p.company_id = te.company_id
       WHERE te.company_id = $1 AND ($2::uuid IS NULL OR te.user_id = $2)
         AND te.start_time >= ($4::date)::timestamp AT TIME ZONE $3
       GROUP BY 1, 2, 3`,
      [scope.companyId, employeeId, timezone, from],
    );
  }
}
