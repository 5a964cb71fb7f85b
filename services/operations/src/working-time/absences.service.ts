import { Injectable } from '@nestjs/common';
import {
  type AbsenceDto,
  type AbsenceStatus,
  type CreateAbsenceRequestParsed,
  type MessageResponse,
} from '@zunft/contracts';
import { CommonErrors, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { isOffice } from '../common/actor.js';
import { OperationsErrors } from '../common/operations.errors.js';
import { absenceDays } from './rules/balance.js';
import { eachDay } from './rules/local-time.js';
import { MonthLock } from './month-lock.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import type { WorkingTimeActor as Actor } from './working-time-actor.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { WorkingTimeErrors } from './working-time.errors.js';
import { WorkingTimeRepository, type AbsenceRecord } from './working-time.repository.js';

const dateLabel = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/**
 * Absences (issue 24). An employee's own holiday is a request the office approves or rejects;
 * everything the office records is approved at once; employees record nothing else and see only
 * their own. A closed month is locked for absences too.
 */
@Injectable()
export class AbsencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: WorkingTimeRepository,
    private readonly calendar: WorkingTimeCalendar,
    private readonly lock: MonthLock,
    private readonly notifications: NotificationsRepository,
  ) {}

  async list(
    actor: Actor,
    q: { userId?: string | null; from?: string | null; to?: string | null; status?: AbsenceStatus | null },
  ): Promise<AbsenceDto[]> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const userId = isOffice(actor) ? (q.userId ?? null) : actor.userId;
    const found = await this.repo.listAbsences(m, scope, {
      userIds: userId ? [userId] : null,
      from: q.from ?? null,
      to: q.to ?? null,
      status: q.status ?? null,
    });
    return this.withDays(m, scope, found);
  }

  async create(actor: Actor, input: CreateAbsenceRequestParsed): Promise<AbsenceDto> {
    const scope = TenantScope.fromClaims(actor);
    const office = isOffice(actor);
    const userId = input.userId ?? actor.userId;
    if (!office && userId !== actor.userId) throw CommonErrors.forbidden();
    if (!office && input.type !== 'holiday') throw WorkingTimeErrors.absenceTypeOfficeOnly();
    return this.dataSource.transaction(async (m) => {
      if ((await this.repo.staff(m, scope, userId)).length === 0) throw OperationsErrors.userNotFound();
      await this.lock.assertOpen(m, scope, userId, eachDay(input.startDate, input.endDate));
      // one absence per day and person; serialised per person like time entries
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`absences:${scope.companyId}:${userId}`]);
      const other = await this.repo.overlappingAbsence(m, scope, userId, input.startDate, input.endDate);
      if (other) throw WorkingTimeErrors.absenceOverlap(dateLabel(other.start_date), dateLabel(other.end_date));
      const status: AbsenceStatus = office ? 'approved' : 'requested';
      const id = await this.repo.insertAbsence(m, scope, {
        userId,
        type: input.type,
        status,
        startDate: input.startDate,
        endDate: input.endDate,
        halfDay: input.halfDay ?? null,
        note: input.note ?? null,
        createdBy: actor.userId,
      });
      // the office hears of the request (the bell in the top bar)
      if (status === 'requested')
        await this.notifications.add(m, scope, {
          kind: 'absence_requested',
          absenceId: id,
          recipients: null,
          exceptUserId: actor.userId,
        });
      return this.one(m, scope, id);
    });
  }

  approve(actor: Actor, id: string): Promise<AbsenceDto> {
    return this.decide(actor, id, 'approved', () => null);
  }

  /** `reason` is read (and the body validated) once the absence is found: another company's id answers 404 first. */
  reject(actor: Actor, id: string, reason: () => string): Promise<AbsenceDto> {
    return this.decide(actor, id, 'rejected', reason);
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    const office = isOffice(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.findAbsence(m, scope, id, office ? null : actor.userId, true);
      if (!current) throw WorkingTimeErrors.absenceNotFound();
      if (!office && current.status !== 'requested') throw WorkingTimeErrors.absenceDecidedImmutable();
      if (current.status !== 'rejected')
        await this.lock.assertOpen(m, scope, current.user_id, eachDay(current.start_date, current.end_date));
      await this.repo.deleteAbsence(m, scope, id);
    });
    return { message: successMessage('success.absence_deleted') };
  }

  private async decide(actor: Actor, id: string, status: 'approved' | 'rejected', body: () => string | null) {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.repo.findAbsence(m, scope, id, null, true);
      if (!current) throw WorkingTimeErrors.absenceNotFound();
      const reason = body();
      if (current.status !== 'requested') throw WorkingTimeErrors.absenceDecided();
      if (status === 'approved')
        await this.lock.assertOpen(m, scope, current.user_id, eachDay(current.start_date, current.end_date));
      await this.repo.decideAbsence(m, scope, id, status, actor.userId, reason);
      // the employee hears of the decision
      await this.notifications.add(m, scope, {
        kind: status === 'approved' ? 'absence_approved' : 'absence_rejected',
        absenceId: id,
        recipients: [current.user_id],
        exceptUserId: actor.userId,
      });
      return this.one(m, scope, id);
    });
  }

  private async one(m: EntityManager, scope: TenantScope, id: string): Promise<AbsenceDto> {
    const found = await this.repo.findAbsence(m, scope, id, null);
    return (await this.withDays(m, scope, [found!]))[0]!;
  }

  /** The working days each absence covers (weekends and the company's holidays left out). */
  private async withDays(m: EntityManager, scope: TenantScope, list: AbsenceRecord[]): Promise<AbsenceDto[]> {
    if (list.length === 0) return [];
    const from = list.reduce((a, b) => (b.start_date < a ? b.start_date : a), list[0]!.start_date);
    const to = list.reduce((a, b) => (b.end_date > a ? b.end_date : a), list[0]!.end_date);
    const settings = await this.calendar.settings(m, scope);
    const holidays = await this.calendar.calendar(m, scope, settings, from, to);
    return list.map((a) => ({
      ...a,
      days: absenceDays(
        { type: a.type, startDate: a.start_date, endDate: a.end_date, halfDay: a.half_day },
        holidays,
      ).reduce((sum, d) => sum + d.fraction, 0),
    }));
  }
}
