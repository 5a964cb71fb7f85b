import { Injectable } from '@nestjs/common';
import {
  addDays,
  findConflicts,
  isoWeekNumber,
  mondayOf,
  slotsConflict,
  timeWindowError,
  weekDays,
  type CopyScheduleWeekRequest,
  type CopyScheduleWeekResponse,
  type CreateScheduleAssignmentRequestParsed,
  type MessageResponse,
  type ProjectDto,
  type ScheduleAssignmentDto,
  type ScheduleAssignmentSaveResponse,
  type ScheduleWeekQueryParsed,
  type ScheduleWeekResponse,
  type UpdateScheduleAssignmentRequestParsed,
  serverMessage,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { staffName } from '../common/staff-name.js';
import { DirectoryService } from '../directory/index.js';
import { ProjectsService } from '../projects/index.js';
import { SchedulingErrors } from './scheduling.errors.js';
import { SchedulingRepository, type AssignmentRecord, type AssignmentWrite } from './scheduling.repository.js';

const PLANNABLE_STATUSES: ReadonlySet<ProjectDto['status']> = new Set(['planned', 'in_progress']);

/** yyyy-MM-dd of `now` in the company's time zone. */
const localIsoDate = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Adds the conflict flags, computed with the shared overlap rule over the given assignments. */
function withConflicts(records: readonly AssignmentRecord[]): ScheduleAssignmentDto[] {
  const conflicts = findConflicts(records);
  return records.map((r) => {
    const ids = conflicts.get(r.id) ?? [];
    return { ...r, conflict: ids.length > 0, conflict_with: ids };
  });
}

/**
 * Scheduling (Einsatzplanung). The office plans employees onto open projects day by day; every
 * signed-in user reads a week (employees only their own). Overlapping assignments of one employee
 * are allowed — the foreman decides — but flagged on save and on the board. Planning someone also
 * assigns them to the project, so they can track time and record material on it.
 */
@Injectable()
export class SchedulingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: SchedulingRepository,
    private readonly projects: ProjectsService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  async week(actor: Actor, query: ScheduleWeekQueryParsed): Promise<ScheduleWeekResponse> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    let weekStart = query.weekStart ?? null;
    if (!weekStart) {
      const settings = await this.directory.settings(m, scope);
      weekStart = mondayOf(localIsoDate(settings.timezone));
    }
    const days = weekDays(weekStart);
    const weekEnd = days[days.length - 1]!;
    const onlyUser = isOffice(actor) ? null : actor.userId;
    const [employees, records] = await Promise.all([
      this.repo.employees(m, scope, weekStart, weekEnd, onlyUser),
      this.repo.listRange(m, scope, weekStart, weekEnd, onlyUser),
    ]);
    return { weekStart, isoWeek: isoWeekNumber(weekStart), days, employees, assignments: withConflicts(records) };
  }

  async create(actor: Actor, input: CreateScheduleAssignmentRequestParsed): Promise<ScheduleAssignmentSaveResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const project = await this.plannableProject(m, scope, input.projectId);
      const employee = await this.plannableEmployee(m, scope, input.userId);
      const write: AssignmentWrite = {
        userId: input.userId,
        projectId: input.projectId,
        workDate: input.workDate,
        startTime: input.startTime,
        endTime: input.endTime,
        note: input.note,
      };
      const id = await this.repo.insert(m, scope, actor.userId, write);
      await this.ensureProjectMember(m, actor, project, input.userId);
      const saved = await this.savedWithConflicts(m, scope, id);
      await this.activities.record(m, scope, {
        type: 'other',
        message: serverMessage('activity.assignment_planned', {
          employee,
          project: project.title,
          number: project.project_number,
          date: swissDate(saved.work_date),
        }),
        userId: actor.userId,
        userName: await staffName(m, scope, actor.userId),
        entityId: id,
      });
      await this.publish(m, actor, 'operations.assignment.created', saved);
      return saved;
    });
  }

  /** Only given fields change; Von/Bis are replaced together (see the contract). */
  /** `body` is read (and validated) once the assignment is found: another company's id answers 404 first. */
  async update(
    actor: Actor,
    id: string,
    body: () => UpdateScheduleAssignmentRequestParsed,
  ): Promise<ScheduleAssignmentSaveResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, true);
      if (!current) throw SchedulingErrors.assignmentNotFound();
      const input = body();
      const windowGiven = input.startTime !== undefined || input.endTime !== undefined;
      const next: AssignmentWrite = {
        userId: input.userId ?? current.user_id,
        projectId: input.projectId ?? current.project_id,
        workDate: input.workDate ?? current.work_date,
        startTime: windowGiven ? (input.startTime ?? null) : current.start_time,
        endTime: windowGiven ? (input.endTime ?? null) : current.end_time,
        note: input.note === undefined ? current.note : input.note,
      };
      const windowError = timeWindowError(next.startTime, next.endTime);
      if (windowError) throw SchedulingErrors.timeWindowInvalid(windowError);
      // A plan on a project that was completed later may still be corrected (note, time, day);
      // moving it to another project or person needs a plannable project and an active employee.
      const project =
        next.projectId !== current.project_id || next.userId !== current.user_id
          ? await this.plannableProject(m, scope, next.projectId)
          : null;
      if (next.userId !== current.user_id) await this.plannableEmployee(m, scope, next.userId);
      await this.repo.update(m, scope, id, next);
      if (project) await this.ensureProjectMember(m, actor, project, next.userId);
      const saved = await this.savedWithConflicts(m, scope, id);
      await this.publish(m, actor, 'operations.assignment.updated', saved);
      return saved;
    });
  }

  /** The project membership the assignment created stays: time may already be tracked on it. */
  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, true);
      if (!current || !(await this.repo.delete(m, scope, id))) throw SchedulingErrors.assignmentNotFound();
      await enqueueEvent(m, {
        type: 'operations.assignment.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: {
          assignmentId: id,
          userId: current.user_id,
          projectId: current.project_id,
          workDate: current.work_date,
        },
      });
    });
    return { message: successMessage('success.assignment_deleted') };
  }

  /**
   * Copies every assignment of one week to the same weekdays of another. Assignments of employees
   * who are no longer active, on projects that are closed, or that already exist in the target
   * week are skipped; overlaps are created and counted (the board shows them).
   */
  async copyWeek(actor: Actor, input: CopyScheduleWeekRequest): Promise<CopyScheduleWeekResponse> {
    const scope = TenantScope.fromClaims(actor);
    const offset = Math.round(
      (Date.parse(`${input.toWeekStart}T00:00:00Z`) - Date.parse(`${input.fromWeekStart}T00:00:00Z`)) / 86_400_000,
    );
    return this.dataSource.transaction(async (m) => {
      const source = await this.repo.listRange(m, scope, input.fromWeekStart, addDays(input.fromWeekStart, 6), null);
      const projects = new Map<string, ProjectDto | null>();
      const employees = new Map<string, boolean>();
      const createdIds: string[] = [];
      let skipped = 0;
      for (const a of source) {
        if (!projects.has(a.project_id)) {
          const p = await this.projects.find(m, scope, a.project_id, null);
          projects.set(a.project_id, p && PLANNABLE_STATUSES.has(p.status) ? p : null);
        }
        if (!employees.has(a.user_id)) {
          const s = await this.directory.staffMember(m, scope, a.user_id);
          employees.set(a.user_id, !!s && s.is_active && !s.deleted_at);
        }
        const project = projects.get(a.project_id);
        const write: AssignmentWrite = {
          userId: a.user_id,
          projectId: a.project_id,
          workDate: addDays(a.work_date, offset),
          startTime: a.start_time,
          endTime: a.end_time,
          note: a.note,
        };
        if (!project || !employees.get(a.user_id) || (await this.repo.exists(m, scope, write))) {
          skipped++;
          continue;
        }
        const id = await this.repo.insert(m, scope, actor.userId, write);
        await this.ensureProjectMember(m, actor, project, a.user_id);
        createdIds.push(id);
      }
      let conflicts = 0;
      const target = withConflicts(
        await this.repo.listRange(m, scope, input.toWeekStart, addDays(input.toWeekStart, 6), null),
      );
      const created = new Set(createdIds);
      for (const a of target) {
        if (!created.has(a.id)) continue;
        if (a.conflict) conflicts++;
        await this.publish(m, actor, 'operations.assignment.created', a);
      }
      // One line in the activity feed for the whole copy (not one per assignment).
      if (createdIds.length > 0) {
        const n = createdIds.length;
        await this.activities.record(m, scope, {
          type: 'other',
          message: serverMessage(n === 1 ? 'activity.week_copied_one' : 'activity.week_copied', {
            count: n,
            from: swissDate(input.fromWeekStart),
            to: swissDate(input.toWeekStart),
          }),
          userId: actor.userId,
          userName: await staffName(m, scope, actor.userId),
          entityId: null,
        });
      }
      return { created: createdIds.length, skipped, conflicts };
    });
  }

  // ------------------------------------------------------------------------------------------

  /** A project of the company (else 404) that is planned or in progress (else 400); locked. */
  private async plannableProject(m: EntityManager, scope: TenantScope, projectId: string): Promise<ProjectDto> {
    if (!(await this.projects.lock(m, scope, projectId))) throw SchedulingErrors.projectNotFound();
    const project = (await this.projects.find(m, scope, projectId, null))!;
    if (!PLANNABLE_STATUSES.has(project.status)) throw SchedulingErrors.projectClosed();
    return project;
  }

  /** An active staff member of the company: unknown → 404, deactivated/deleted → 400. Returns the name. */
  private async plannableEmployee(m: EntityManager, scope: TenantScope, userId: string): Promise<string> {
    const member = await this.directory.staffMember(m, scope, userId);
    if (!member) throw SchedulingErrors.employeeNotFound();
    if (!member.is_active || member.deleted_at) throw SchedulingErrors.employeeInactive();
    return `${member.first_name} ${member.last_name}`.trim();
  }

  /**
   * Planning someone on a project makes them a project member (the projects module's own
   * assignment), so they see it and can track time on it. Published like a manual assignment.
   */
  private async ensureProjectMember(m: EntityManager, actor: Actor, project: ProjectDto, userId: string) {
    const scope = TenantScope.fromClaims(actor);
    if (await this.projects.isAssigned(m, project.id, userId)) return;
    await this.projects.addMember(m, scope, project.id, userId);
    const p = (await this.projects.find(m, scope, project.id, null))!;
    await enqueueEvent(m, {
      type: 'operations.project.updated',
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

  /** The saved assignment with the employee's other assignments of that day that overlap it. */
  private async savedWithConflicts(
    m: EntityManager,
    scope: TenantScope,
    id: string,
  ): Promise<ScheduleAssignmentSaveResponse> {
    const saved = (await this.repo.find(m, scope, id))!;
    const day = withConflicts(await this.repo.sameDay(m, scope, saved.user_id, saved.work_date));
    const conflicts = day.filter((other) => slotsConflict(saved, other));
    return {
      ...saved,
      conflict: conflicts.length > 0,
      conflict_with: conflicts.map((c) => c.id),
      conflicts,
    };
  }

  private publish(
    m: EntityManager,
    actor: Actor,
    type: 'operations.assignment.created' | 'operations.assignment.updated',
    a: ScheduleAssignmentDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: {
        assignmentId: a.id,
        userId: a.user_id,
        projectId: a.project_id,
        workDate: a.work_date,
        startTime: a.start_time,
        endTime: a.end_time,
        note: a.note,
        conflictWith: a.conflict_with,
      },
    });
  }
}
