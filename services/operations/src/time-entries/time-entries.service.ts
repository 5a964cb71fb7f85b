import { Injectable } from '@nestjs/common';
import {
  OPERATIONS_LIMITS,
  calculateSurcharges,
  workedMinutes,
  type CreateTimeEntryRequestParsed,
  type MessageResponse,
  type StartTimeEntryRequestParsed,
  type StopTimeEntryRequestParsed,
  type TimeEntryDto,
  type TimeEntryListQueryParsed,
  type TimeEntryListResponse,
  type Language,
  type UpdateTimeEntryRequestParsed,
  serverMessage,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { assertNotReported } from '../reported/reported.js';
import { OperationsErrors, isUniqueViolation } from '../common/operations.errors.js';
import { staffName } from '../common/staff-name.js';
import { DirectoryService, type CompanySettings } from '../directory/index.js';
import { ProjectsService } from '../projects/index.js';
import { EntryWorkingTime, MonthLock, WorkingTimeErrors, localDate } from '../working-time/index.js';
import { TimeEntriesRepository, type Gps, type TimeEntryWrite } from './time-entries.repository.js';
import { allowedGps } from './gps-policy.js';
import { describeEntry } from './entry-text.js';

/** A start more than this far ahead is a typo (wrong day), not a plan. */
const MAX_START_AHEAD_MS = 24 * 60 * 60 * 1000;

type TimeEntryEvent =
  | 'operations.time-entry.started'
  | 'operations.time-entry.stopped'
  | 'operations.time-entry.created'
  | 'operations.time-entry.updated'
  | 'operations.time-entry.approved';

const gpsOf = (v: { latitude?: number | null; longitude?: number | null; accuracy?: number | null }): Gps => ({
  latitude: v.latitude ?? null,
  longitude: v.longitude ?? null,
  accuracy: v.accuracy ?? null,
});

/** The caller's language from the token (the controllers pass the whole claims). */
const languageOf = (actor: Actor) => (actor as { language?: Language }).language;

const formatHours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toFixed(1);

/**
 * Time tracking. The server is authoritative for total minutes and surcharges (shared rule in
 * contracts, the company's settings consumed from auth); one running timer per user is enforced
 * by a partial unique index; approved entries are immutable.
 */
@Injectable()
export class TimeEntriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: TimeEntriesRepository,
    private readonly projects: ProjectsService,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
    private readonly monthLock: MonthLock,
    private readonly workingTime: EntryWorkingTime,
  ) {}

  async list(actor: Actor, query: TimeEntryListQueryParsed): Promise<TimeEntryListResponse> {
    const scope = TenantScope.fromClaims(actor);
    const userId = isOffice(actor) ? (query.userId ?? null) : actor.userId;
    const page = await this.repo.list(
      this.dataSource.manager,
      scope,
      { projectId: query.projectId ?? null, userId },
      query,
    );
    const items = await this.workingTime.withWarnings(
      this.dataSource.manager,
      scope,
      languageOf(actor),
      page.items,
      'day',
    );
    return { ...page, items };
  }

  active(actor: Actor): Promise<TimeEntryDto | null> {
    return this.repo.active(this.dataSource.manager, TenantScope.fromClaims(actor), actor.userId);
  }

  async start(actor: Actor, input: StartTimeEntryRequestParsed): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    try {
      return await this.dataSource.transaction(async (m) => {
        await this.assertProjectUsable(m, actor, input.projectId);
        const settings = await this.directory.settings(m, scope);
        const startTime = new Date();
        await this.assertNoOverlap(m, scope, settings, actor.userId, { start: startTime, end: null, excludeId: null });
        const entry = await this.repo.insert(
          m,
          scope,
          { id: actor.userId, name: await staffName(m, scope, actor.userId) },
          {
            projectId: input.projectId,
            startTime,
            endTime: null,
            breakMinutes: 0,
            description: input.description ?? null,
            totalMinutes: null,
            surcharges: calculateSurcharges(startTime, null, settings),
            status: 'active',
          },
          { start: allowedGps(settings, gpsOf(input)) },
          'timer',
        );
        await this.publish(m, actor, 'operations.time-entry.started', entry!);
        return entry!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'uq_time_entries_running_per_user')) throw OperationsErrors.timerAlreadyRunning();
      throw error;
    }
  }

  async stop(actor: Actor, input: StopTimeEntryRequestParsed): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    const stopped = await this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, input.timeEntryId, isOffice(actor) ? null : actor.userId, true);
      if (!current) throw OperationsErrors.timeEntryNotFound();
      if (current.status !== 'active') throw OperationsErrors.timerNotRunning();
      const settings = await this.directory.settings(m, scope);
      const next = this.compute(
        settings,
        { ...this.writeOf(current), endTime: new Date(), breakMinutes: input.breakMinutes },
        true,
      );
      next.minutes = await this.workingTime.minutes(m, scope, next);
      await this.assertOpen(m, scope, settings, current.user_id, [next.startTime]);
      await this.assertNoOverlap(m, scope, settings, current.user_id, {
        start: next.startTime,
        end: next.endTime,
        excludeId: current.id,
      });
      const entry = await this.repo.update(m, scope, current.id, next, allowedGps(settings, gpsOf(input)));
      await this.logTime(m, scope, entry);
      await this.publish(m, actor, 'operations.time-entry.stopped', entry);
      return entry;
    });
    return this.decorate(actor, stopped);
  }

  /**
   * Manual entry. With a client-chosen `id` a repeated save (the first answer was lost) gets the
   * entry the first save made, without a second activity or event; see `earlierManual`.
   */
  async create(actor: Actor, input: CreateTimeEntryRequestParsed): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    const clientId = input.id ?? null;
    const created = await this.dataSource.transaction(async (m) => {
      // Checked before the rules: the entry stays the answer even if e.g. the project was unassigned since.
      const earlier = clientId ? await this.earlierManual(m, actor, clientId) : null;
      if (earlier) return earlier;
      await this.assertProjectUsable(m, actor, input.projectId);
      const settings = await this.directory.settings(m, scope);
      const next = this.compute(
        settings,
        {
          projectId: input.projectId,
          startTime: new Date(input.startTime),
          endTime: new Date(input.endTime),
          breakMinutes: input.breakMinutes,
          description: input.description ?? null,
        },
        true,
      );
      next.minutes = await this.workingTime.minutes(m, scope, next);
      await this.assertOpen(m, scope, settings, actor.userId, [next.startTime]);
      await this.assertNoOverlap(m, scope, settings, actor.userId, {
        start: next.startTime,
        end: next.endTime,
        excludeId: clientId,
      });
      const entry = await this.repo.insert(
        m,
        scope,
        { id: actor.userId, name: await staffName(m, scope, actor.userId) },
        next,
        // A timer run offline brings the positions of its start and stop tap (the queue's replay).
        {
          start: allowedGps(settings, gpsOf(input.startPosition ?? {})),
          end: allowedGps(settings, gpsOf(input.endPosition ?? {})),
        },
        'manual',
        clientId,
      );
      if (!entry) {
        // Only a given id collides: a parallel save with it committed first (the insert waited). Its entry is the answer.
        const first = clientId ? await this.earlierManual(m, actor, clientId) : null;
        if (!first) throw OperationsErrors.clientIdTaken();
        return first;
      }
      await this.logTime(m, scope, entry);
      await this.publish(m, actor, 'operations.time-entry.created', entry);
      return entry;
    });
    return this.decorate(actor, created);
  }

  /** `body` is read (and validated) once the entry is found: another company's id answers 404 first. */
  async update(actor: Actor, id: string, body: () => UpdateTimeEntryRequestParsed): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    try {
      const updated = await this.dataSource.transaction(async (m) => {
        const current = await this.repo.find(m, scope, id, isOffice(actor) ? null : actor.userId, true);
        if (!current) throw OperationsErrors.timeEntryNotFound();
        const input = body();
        await assertNotReported(m, 'time_entries', scope.companyId, id);
        if (current.status === 'approved') throw OperationsErrors.approvedImmutable();
        if (input.projectId && input.projectId !== current.project_id)
          await this.assertProjectUsable(m, actor, input.projectId);
        const base = this.writeOf(current);
        const merged = {
          projectId: input.projectId ?? base.projectId,
          startTime: input.startTime ? new Date(input.startTime) : base.startTime,
          endTime: input.endTime ? new Date(input.endTime) : base.endTime,
          breakMinutes: input.breakMinutes ?? base.breakMinutes,
          description: input.description === undefined ? base.description : input.description,
        };
        const settings = await this.directory.settings(m, scope);
        // a running entry stays running unless an end is given; then it is finished like a stop
        const next = this.compute(settings, merged, current.status === 'active' && merged.endTime !== null);
        next.minutes = await this.workingTime.minutes(m, scope, next);
        await this.assertOpen(m, scope, settings, current.user_id, [base.startTime, next.startTime]);
        await this.assertNoOverlap(m, scope, settings, current.user_id, {
          start: next.startTime,
          end: next.endTime,
          excludeId: id,
        });
        const entry = await this.repo.update(m, scope, id, next);
        await this.publish(m, actor, 'operations.time-entry.updated', entry);
        return entry;
      });
      return await this.decorate(actor, updated);
    } catch (error) {
      if (isUniqueViolation(error, 'uq_time_entries_running_per_user')) throw OperationsErrors.timerAlreadyRunning();
      throw error;
    }
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, isOffice(actor) ? null : actor.userId, true);
      if (!current) throw OperationsErrors.timeEntryNotFound();
      await assertNotReported(m, 'time_entries', scope.companyId, id);
      if (current.status === 'approved') throw OperationsErrors.approvedImmutable();
      const settings = await this.directory.settings(m, scope);
      await this.assertOpen(m, scope, settings, current.user_id, [new Date(current.start_time)]);
      await this.repo.delete(m, scope, id);
      await enqueueEvent(m, {
        type: 'operations.time-entry.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { timeEntryId: id, userId: current.user_id, projectId: current.project_id },
      });
    });
    return { message: successMessage('success.time_entry_deleted') };
  }

  /** Office only. Approving an approved entry again changes nothing. */
  async approve(actor: Actor, id: string): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.find(m, scope, id, null, true);
      if (!current) throw OperationsErrors.timeEntryNotFound();
      if (current.status === 'active') throw OperationsErrors.cannotApproveRunning();
      if (current.status === 'approved') return current;
      const entry = await this.repo.approve(m, scope, id, actor.userId);
      await this.publish(m, actor, 'operations.time-entry.approved', entry);
      return entry;
    });
  }

  /**
   * The caller's manual entry with this client-chosen id (a repeated save), or null when the id is
   * still free. 409 when another user, another company or a timer entry holds it (never shown).
   */
  private async earlierManual(m: EntityManager, actor: Actor, id: string): Promise<TimeEntryDto | null> {
    const scope = TenantScope.fromClaims(actor);
    const holder = await this.repo.clientIdHolder(m, scope, id, actor.userId);
    if (holder === 'free') return null;
    if (holder === 'taken') throw OperationsErrors.clientIdTaken();
    return this.repo.find(m, scope, id, actor.userId);
  }

  /** Employees may book only on projects assigned to them; the office on every project of the company. */
  private async assertProjectUsable(m: EntityManager, actor: Actor, projectId: string): Promise<void> {
    const scope = TenantScope.fromClaims(actor);
    const project = await this.projects.find(m, scope, projectId, isOffice(actor) ? null : actor.userId);
    if (!project) throw OperationsErrors.projectNotFound();
  }

  private writeOf(e: TimeEntryDto) {
    return {
      projectId: e.project_id,
      startTime: new Date(e.start_time),
      endTime: e.end_time ? new Date(e.end_time) : null,
      breakMinutes: e.break_minutes,
      description: e.description,
    };
  }

  /** Validates the times and computes minutes, surcharges and (for a finished entry) the status. */
  private compute(
    settings: CompanySettings,
    e: { projectId: string; startTime: Date; endTime: Date | null; breakMinutes: number; description: string | null },
    finishing: boolean,
  ): TimeEntryWrite {
    const surcharges = calculateSurcharges(e.startTime, e.endTime, settings);
    if (e.startTime.getTime() > Date.now() + MAX_START_AHEAD_MS) throw WorkingTimeErrors.inFuture();
    if (e.endTime === null) {
      return { ...e, totalMinutes: null, surcharges, status: 'active' };
    }
    if (e.endTime.getTime() <= e.startTime.getTime()) throw OperationsErrors.endBeforeStart();
    const grossMinutes = (e.endTime.getTime() - e.startTime.getTime()) / 60_000;
    if (grossMinutes > OPERATIONS_LIMITS.maxEntryHours * 60)
      throw OperationsErrors.entryTooLong(OPERATIONS_LIMITS.maxEntryHours);
    if (e.breakMinutes > Math.floor(grossMinutes)) throw OperationsErrors.breakTooLong();
    const status = finishing && settings.auto_approve_time_entries ? 'approved' : 'completed';
    return { ...e, totalMinutes: workedMinutes(e.startTime, e.endTime, e.breakMinutes), surcharges, status };
  }

  /** The entry with the ArG warnings of its day (issue 24), read after the write committed. */
  private async decorate(actor: Actor, entry: TimeEntryDto): Promise<TimeEntryDto> {
    const scope = TenantScope.fromClaims(actor);
    return (await this.workingTime.withWarnings(this.dataSource.manager, scope, languageOf(actor), [entry]))[0]!;
  }

  /** A closed month (issue 24) locks the employee's entries of that month: 409. */
  private assertOpen(m: EntityManager, scope: TenantScope, settings: CompanySettings, userId: string, starts: Date[]) {
    return this.monthLock.assertOpen(
      m,
      scope,
      userId,
      starts.map((s) => localDate(s, settings.timezone)),
    );
  }

  /**
   * One employee cannot be in two places: 409 naming the other entry. The user's entries are
   * locked for the transaction first, so two parallel saves cannot both pass.
   */
  private async assertNoOverlap(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanySettings,
    userId: string,
    range: { start: Date; end: Date | null; excludeId: string | null },
  ): Promise<void> {
    await this.repo.lockUser(m, scope, userId);
    const other = await this.repo.overlapping(m, scope, userId, range);
    if (other) throw WorkingTimeErrors.overlap(describeEntry(other, settings.timezone));
  }

  private async logTime(m: EntityManager, scope: TenantScope, entry: TimeEntryDto): Promise<void> {
    await this.activities.record(m, scope, {
      type: 'time_logged',
      message: serverMessage('activity.time_logged', {
        hours: formatHours(entry.total_minutes ?? 0),
        project: entry.project_title,
      }),
      userId: entry.user_id,
      userName: entry.user_name,
      entityId: entry.id,
    });
  }

  private publish(m: EntityManager, actor: Actor, type: TimeEntryEvent, e: TimeEntryDto) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: {
        timeEntryId: e.id,
        userId: e.user_id,
        projectId: e.project_id,
        startTime: e.start_time,
        endTime: e.end_time,
        breakMinutes: e.break_minutes,
        totalMinutes: e.total_minutes,
        surchargeTotal: e.surcharge_total,
        status: e.status,
      },
    });
  }
}
