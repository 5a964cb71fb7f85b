import { serverMessage } from '@zunft/contracts';
import { Injectable } from '@nestjs/common';
import type {
  PaginatedResponse,
  ProjectListQueryParsed,
  CreateProjectRequestParsed,
  MessageResponse,
  ProjectDto,
  ProjectStatsResponse,
  UpdateProjectRequestParsed,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { OperationsErrors, isForeignKeyViolation, isUniqueViolation } from '../common/operations.errors.js';
import { staffName } from '../common/staff-name.js';
import { CustomersService } from '../customers/index.js';
import { DirectoryService } from '../directory/index.js';
import { ProjectsRepository, type ProjectWrite, type QuoteProjectWrite } from './projects.repository.js';

const yearIn = (timeZone: string, now = new Date()) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));

@Injectable()
export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ProjectsRepository,
    private readonly customers: CustomersService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  /** The whole list, or one page with `page`, `pageSize` or `cursor`. */
  list(actor: Actor, query: ProjectListQueryParsed = {}): Promise<ProjectDto[] | PaginatedResponse<ProjectDto>> {
    const scope = TenantScope.fromClaims(actor);
    const filter = {
      assignedTo: isOffice(actor) ? null : actor.userId,
      search: query.search ?? null,
      status: query.status ?? null,
    };
    return this.repo.list(this.dataSource.manager, scope, filter, query);
  }

  /** Counts by status over every project the caller may read (employees: their assigned ones). */
  stats(actor: Actor): Promise<ProjectStatsResponse> {
    return this.repo.stats(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      isOffice(actor) ? null : actor.userId,
    );
  }

  // ---- Door for other rooms (scheduling, time entries, expenses, materials, quote projects): each
  // works inside the caller's transaction, so a write that spans rooms stays one transaction.

  /** A project of the company; with `assignedTo`, only if that user is assigned to it. */
  find(m: EntityManager, scope: TenantScope, id: string, assignedTo: string | null): Promise<ProjectDto | null> {
    return this.repo.find(m, scope, id, assignedTo);
  }

  /** Locks the project row (`FOR UPDATE`); false when the company has no such project. */
  lock(m: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return this.repo.lock(m, scope, id);
  }

  isAssigned(m: EntityManager, projectId: string, userId: string): Promise<boolean> {
    return this.repo.isAssigned(m, projectId, userId);
  }

  /** Adds a project member (idempotent); the caller publishes `operations.project.updated`. */
  addMember(m: EntityManager, scope: TenantScope, projectId: string, userId: string): Promise<void> {
    return this.repo.assign(m, scope, projectId, userId);
  }

  /** The project made for a quote, if any (one per quote and company). */
  findBySourceQuote(m: EntityManager, scope: TenantScope, quoteId: string): Promise<string | null> {
    return this.repo.findBySourceQuote(m, scope, quoteId);
  }

  /**
   * Inserts the planned project of a quote; null when one exists already (the unique index settles
   * concurrent requests). The caller records the activity and publishes `operations.project.created`.
   */
  insertFromQuote(m: EntityManager, scope: TenantScope, p: QuoteProjectWrite): Promise<string | null> {
    return this.repo.insertFromQuote(m, scope, p);
  }

  /** The next free project number of the year (`P-YYYY-NNN`). */
  nextNumber(m: EntityManager, scope: TenantScope, year: number): Promise<string> {
    return this.repo.nextNumber(m, scope, year);
  }

  async get(actor: Actor, id: string): Promise<ProjectDto> {
    const project = await this.repo.find(
      this.dataSource.manager,
      TenantScope.fromClaims(actor),
      id,
      isOffice(actor) ? null : actor.userId,
    );
    if (!project) throw OperationsErrors.projectNotFound();
    return project;
  }

  async create(actor: Actor, input: CreateProjectRequestParsed): Promise<ProjectDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.write(async (m) => {
      if (!(await this.customers.exists(m, scope, input.customerId))) throw OperationsErrors.customerNotFound();
      const settings = await this.directory.settings(m, scope);
      const projectNumber = input.projectNumber ?? (await this.repo.nextNumber(m, scope, yearIn(settings.timezone)));
      const project = await this.repo.insert(m, scope, actor.userId, {
        customerId: input.customerId,
        title: input.title,
        projectNumber,
        description: input.description ?? null,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        budget: input.budget ?? null,
        status: input.status ?? 'planned',
      });
      await this.activities.record(m, scope, {
        type: 'project_created',
        message: serverMessage('activity.project_created', { title: project.title, number: project.project_number }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: project.id,
      });
      await this.publish(m, actor, 'operations.project.created', project);
      return project;
    });
  }

  /** `body` is read (and validated) once the project is found: another company's id answers 404 first. */
  async update(actor: Actor, id: string, body: () => UpdateProjectRequestParsed): Promise<ProjectDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.write(async (m) => {
      if (!(await this.repo.lock(m, scope, id))) throw OperationsErrors.projectNotFound();
      const input = body();
      const current = (await this.repo.find(m, scope, id, null))!;
      if (input.customerId && !(await this.customers.exists(m, scope, input.customerId)))
        throw OperationsErrors.customerNotFound();
      const next: ProjectWrite = {
        customerId: input.customerId ?? current.customer_id,
        title: input.title ?? current.title,
        projectNumber: input.projectNumber ?? current.project_number,
        description: input.description === undefined ? current.description : input.description,
        startDate: input.startDate === undefined ? current.start_date : input.startDate,
        endDate: input.endDate === undefined ? current.end_date : input.endDate,
        budget: input.budget === undefined ? current.budget : input.budget,
        status: input.status ?? current.status,
      };
      if (next.startDate && next.endDate && next.endDate < next.startDate) {
        throw OperationsErrors.projectDatesInvalid();
      }
      const project = await this.repo.update(m, scope, id, next);
      await this.publish(m, actor, 'operations.project.updated', project);
      return project;
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    try {
      await this.dataSource.transaction(async (m) => {
        if (!(await this.repo.delete(m, scope, id))) throw OperationsErrors.projectNotFound();
        await enqueueEvent(m, {
          type: 'operations.project.deleted',
          companyId: actor.companyId,
          actorId: actor.userId,
          requestId: currentRequestId(),
          data: { projectId: id },
        });
      });
    } catch (error) {
      if (isForeignKeyViolation(error, 'fk_time_entries_project')) throw OperationsErrors.projectHasTimeEntries();
      if (isForeignKeyViolation(error, 'fk_material_usages_project')) throw OperationsErrors.projectHasMaterialUsage();
      throw error;
    }
    return { message: successMessage('success.project_deleted') };
  }

  /** Assigns an active staff member of the same company (idempotent); `body` is read once the project is found. */
  async assign(actor: Actor, id: string, body: () => string): Promise<ProjectDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.repo.lock(m, scope, id))) throw OperationsErrors.projectNotFound();
      const userId = body();
      const member = await this.directory.staffMember(m, scope, userId);
      if (!member || !member.is_active || member.deleted_at) throw OperationsErrors.userNotFound();
      await this.repo.assign(m, scope, id, userId);
      const project = (await this.repo.find(m, scope, id, null))!;
      await this.publish(m, actor, 'operations.project.updated', project);
      return project;
    });
  }

  async unassign(actor: Actor, id: string, userId: string): Promise<ProjectDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.repo.lock(m, scope, id))) throw OperationsErrors.projectNotFound();
      await this.repo.unassign(m, scope, id, userId);
      const project = (await this.repo.find(m, scope, id, null))!;
      await this.publish(m, actor, 'operations.project.updated', project);
      return project;
    });
  }

  private async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error, 'uq_projects_company_number')) throw OperationsErrors.projectNumberTaken();
      throw error;
    }
  }

  private publish(
    m: EntityManager,
    actor: Actor,
    type: 'operations.project.created' | 'operations.project.updated',
    p: ProjectDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: {
        projectId: p.id,
        customerId: p.customer_id,
        title: p.title,
        projectNumber: p.project_number,
        status: p.status,
        assignedUserIds: p.assigned_users.map((u) => u.id),
      },
    });
  }
}
