import { Injectable } from '@nestjs/common';
import type {
  PaginatedResponse,
  ProjectAssignedUserDto,
  ProjectDto,
  ProjectStatsResponse,
  ProjectStatus,
} from '@zunft/contracts';
import {
  changed,
  nextFreeNumber,
  num,
  one,
  pagedList,
  sqlWhere,
  type ListParams,
  type TenantScope,
} from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';

interface ProjectRow {
  id: string;
  customer_id: string;
  customer_name: string;
  customer_city: string | null;
  title: string;
  project_number: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  budget: string | null;
  status: ProjectStatus;
  assigned_users: ProjectAssignedUserDto[];
  created_at: Date;
  updated_at: Date;
}

export interface ProjectWrite {
  customerId: string;
  title: string;
  projectNumber: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  budget: number | null;
  status: ProjectStatus;
}

/** A planned project made for an accepted quote (quote-projects/). */
export interface QuoteProjectWrite {
  customerId: string;
  title: string;
  projectNumber: string;
  description: string;
  createdBy: string;
  sourceQuoteId: string;
}

/** The list's filters; the key of the cached totals too. */
export interface ProjectFilter {
  /** Employees see only projects assigned to them; null = the whole company. */
  assignedTo: string | null;
  search?: string | null;
  status?: ProjectStatus | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const toDto = (r: ProjectRow): ProjectDto => ({
  ...r,
  budget: num(r.budget),
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/**
 * Which lists a write of projects or assignments can change: the projects, and for employees the
 * customers (of their projects) and material usage (on their projects) they see.
 */
const invalidateVisible = (manager: EntityManager, scope: TenantScope, withUsage: boolean) => {
  listTotals.invalidate(manager, scope.companyId, LISTS.projects);
  listTotals.invalidate(manager, scope.companyId, LISTS.customers);
  if (withUsage) listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
};

@Injectable()
export class ProjectsRepository {
  /** Newest first, on the index (company_id, created_at DESC, id DESC); a page's ids are picked on projects alone. */
  private readonly projects = pagedList(
    LISTS.projects,
    'desc',
    [
      { sql: 'p.created_at', type: 'timestamptz' },
      { sql: 'p.id', type: 'uuid' },
    ],
    { columns: this.columns(), from: 'projects p JOIN customers c ON c.id = p.customer_id', table: 'projects p' },
  );

  /** The whole list as an array without page parameters, else one page of it (nest-common's list kit). */
  list(
    manager: EntityManager,
    scope: TenantScope,
    filter: ProjectFilter,
    query: ListParams,
  ): Promise<ProjectDto[] | PaginatedResponse<ProjectDto>> {
    const where = this.listWhere(scope, filter);
    return this.projects.answer(manager, scope, where, query, (found: ProjectRow[]) => found.map(toDto));
  }

  /** The stat cards' counts by status in one company-scoped query (employees: their assigned projects). */
  async stats(manager: EntityManager, scope: TenantScope, assignedTo: string | null): Promise<ProjectStatsResponse> {
    const row = await one<Record<keyof ProjectStatsResponse, string>>(
      manager,
      `SELECT count(*) AS total,
          count(*) FILTER (WHERE p.status = 'planned') AS planned,
          count(*) FILTER (WHERE p.status = 'in_progress') AS in_progress,
          count(*) FILTER (WHERE p.status = 'completed') AS completed,
          count(*) FILTER (WHERE p.status = 'cancelled') AS cancelled
        FROM projects p WHERE p.company_id = $1 ${this.visible()}`,
      [scope.companyId, assignedTo],
    );
    return {
      total: Number(row?.total ?? 0),
      planned: Number(row?.planned ?? 0),
      in_progress: Number(row?.in_progress ?? 0),
      completed: Number(row?.completed ?? 0),
      cancelled: Number(row?.cancelled ?? 0),
    };
  }

  /** Company-scoped; the search is a filter over the company's projects (title, number, customer name). */
  private listWhere(scope: TenantScope, filter: ProjectFilter) {
    return sqlWhere(`p.company_id = $1 ${this.visible()}`, [scope.companyId, filter.assignedTo])
      .eq('p.status', filter.status)
      .when(
        filter.search && `%${escapeLike(filter.search)}%`,
        (p) => `(p.title ILIKE ${p} OR p.project_number ILIKE ${p}
          OR EXISTS (SELECT 1 FROM customers sc WHERE sc.id = p.customer_id AND sc.name ILIKE ${p}))`,
      );
  }

  async find(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    assignedTo: string | null,
  ): Promise<ProjectDto | null> {
    const row = await one<ProjectRow>(
      manager,
      `${this.select()} WHERE p.company_id = $1 ${this.visible()} AND p.id = $3`,
      [scope.companyId, assignedTo, id],
    );
    return row ? toDto(row) : null;
  }

  /** Locks the project row (assignment changes, deletion) and tells whether it exists in the company. */
  async lock(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (
      (await one(manager, `SELECT 1 FROM projects WHERE id = $1 AND company_id = $2 FOR UPDATE`, [
        id,
        scope.companyId,
      ])) !== null
    );
  }

  async isAssigned(manager: EntityManager, projectId: string, userId: string): Promise<boolean> {
    return (
      (await one(manager, `SELECT 1 FROM project_assignments WHERE project_id = $1 AND user_id = $2`, [
        projectId,
        userId,
      ])) !== null
    );
  }

  async numberTaken(manager: EntityManager, scope: TenantScope, number: string): Promise<boolean> {
    return (
      (await one(manager, `SELECT 1 FROM projects WHERE company_id = $1 AND project_number = $2`, [
        scope.companyId,
        number,
      ])) !== null
    );
  }

  /** P-<year>-001, counted per company and year (the year in the company's time zone). */
  nextNumber(manager: EntityManager, scope: TenantScope, year: number): Promise<string> {
    return nextFreeNumber(
      manager,
      scope.companyId,
      `project-${year}`,
      (n) => `P-${year}-${String(n).padStart(3, '0')}`,
      (candidate) => this.numberTaken(manager, scope, candidate),
    );
  }

  /** The project made for a quote (`projects.source_quote_id`, unique per company), if any. */
  async findBySourceQuote(manager: EntityManager, scope: TenantScope, quoteId: string): Promise<string | null> {
    const row = await one<{ id: string }>(
      manager,
      `SELECT id FROM projects WHERE company_id = $1 AND source_quote_id = $2`,
      [scope.companyId, quoteId],
    );
    return row?.id ?? null;
  }

  /** Inserts the planned project of a quote; null when a project of that quote exists already (concurrent request). */
  async insertFromQuote(manager: EntityManager, scope: TenantScope, p: QuoteProjectWrite): Promise<string | null> {
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

  async insert(manager: EntityManager, scope: TenantScope, createdBy: string, p: ProjectWrite): Promise<ProjectDto> {
    invalidateVisible(manager, scope, false);
    const project = await this.written(
      manager,
      `INSERT INTO projects (company_id, customer_id, title, project_number, description, start_date, end_date, budget, status, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        scope.companyId,
        p.customerId,
        p.title,
        p.projectNumber,
        p.description,
        p.startDate,
        p.endDate,
        p.budget,
        p.status,
        createdBy,
      ],
    );
    return project!;
  }

  async update(manager: EntityManager, scope: TenantScope, id: string, p: ProjectWrite): Promise<ProjectDto> {
    invalidateVisible(manager, scope, false);
    const project = await this.written(
      manager,
      `UPDATE projects SET customer_id = $3, title = $4, project_number = $5, description = $6, start_date = $7, end_date = $8,
         budget = $9, status = $10, updated_at = now() WHERE id = $1 AND company_id = $2`,
      [
        id,
        scope.companyId,
        p.customerId,
        p.title,
        p.projectNumber,
        p.description,
        p.startDate,
        p.endDate,
        p.budget,
        p.status,
      ],
    );
    return project!;
  }

  /** INSERT/UPDATE … RETURNING with customer and assigned staff: the written project without a second read. */
  private async written(manager: EntityManager, write: string, params: unknown[]): Promise<ProjectDto | null> {
    const row = await one<ProjectRow>(
      manager,
      `WITH p AS (${write} RETURNING *) SELECT ${this.columns()} FROM p JOIN customers c ON c.id = p.customer_id`,
      params,
    );
    return row ? toDto(row) : null;
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    invalidateVisible(manager, scope, true);
    return (
      (
        await changed(manager, `DELETE FROM projects WHERE id = $1 AND company_id = $2 RETURNING id`, [
          id,
          scope.companyId,
        ])
      ).length > 0
    );
  }

  async assign(manager: EntityManager, scope: TenantScope, projectId: string, userId: string): Promise<void> {
    invalidateVisible(manager, scope, true);
    await manager.query(
      `INSERT INTO project_assignments (project_id, user_id, company_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [projectId, userId, scope.companyId],
    );
  }

  async unassign(manager: EntityManager, scope: TenantScope, projectId: string, userId: string): Promise<void> {
    invalidateVisible(manager, scope, true);
    await manager.query(`DELETE FROM project_assignments WHERE project_id = $1 AND user_id = $2 AND company_id = $3`, [
      projectId,
      userId,
      scope.companyId,
    ]);
  }

  private select(): string {
    return `SELECT ${this.columns()} FROM projects p JOIN customers c ON c.id = p.customer_id`;
  }

  private columns(): string {
    return `p.id, p.customer_id, c.name AS customer_name, c.city AS customer_city, p.title, p.project_number, p.description,
        to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.budget, p.status,
        p.created_at, p.updated_at,
        COALESCE((SELECT json_agg(json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name, 'role', s.role)
                    ORDER BY s.last_name, s.first_name)
                  FROM project_assignments a JOIN staff s ON s.id = a.user_id WHERE a.project_id = p.id), '[]'::json) AS assigned_users`;
  }

  private visible(): string {
    return `AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM project_assignments a WHERE a.project_id = p.id AND a.user_id = $2))`;
  }
}
