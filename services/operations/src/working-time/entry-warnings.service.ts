import { Injectable } from '@nestjs/common';
import {
  preciseSurchargeMinutes,
  translateServerMessage,
  type Language,
  type SurchargeMinutes,
  type TimeEntryDto,
  type WorkingTimeWarningDto,
} from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { checkWorkingTime } from './rules/arg-checks.js';
import { addDays, localDate, mondayOf } from './rules/local-time.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { WorkingTimeRepository } from './working-time.repository.js';

const DAY_MS = 86_400_000;

/**
 * What time entries gain from working time (issue 24): the minutes of the `precise` surcharge mode
 * and the ArG warnings of the entry's day (a weekly maximum: every entry of that week).
 */
@Injectable()
export class EntryWorkingTime {
  constructor(
    private readonly repo: WorkingTimeRepository,
    private readonly calendar: WorkingTimeCalendar,
  ) {}

  /** Night/Sunday/holiday minutes in `precise` mode; undefined (all zero) in `spec` mode or while running. */
  async minutes(
    m: EntityManager,
    scope: TenantScope,
    e: { startTime: Date; endTime: Date | null; breakMinutes: number },
  ): Promise<SurchargeMinutes | undefined> {
    if (!e.endTime) return undefined;
    const settings = await this.calendar.settings(m, scope);
    if (settings.surcharge_mode !== 'precise') return undefined;
    const from = addDays(localDate(e.startTime, settings.timezone), -1);
    const to = addDays(localDate(e.endTime, settings.timezone), 1);
    const holidays = await this.calendar.calendar(m, scope, settings, from, to);
    return preciseSurchargeMinutes(e.startTime, e.endTime, e.breakMinutes, settings, (d) => {
      const h = holidays.get(d);
      return h ? (h.halfDay ? 'half' : 'full') : null;
    });
  }

  /**
   * The `precise` minutes of many finished entries at once (a work report's period, issue 24), with one
   * holiday calendar for the span; null when the company bills by the `spec` rule.
   */
  async minutesOf(
    m: EntityManager,
    scope: TenantScope,
    entries: ReadonlyArray<{ id: string; startTime: Date; endTime: Date; breakMinutes: number }>,
  ): Promise<Map<string, SurchargeMinutes> | null> {
    const settings = await this.calendar.settings(m, scope);
    if (settings.surcharge_mode !== 'precise') return null;
    const result = new Map<string, SurchargeMinutes>();
    if (entries.length === 0) return result;
    const from = addDays(
      localDate(new Date(Math.min(...entries.map((e) => e.startTime.getTime()))), settings.timezone),
      -1,
    );
    const to = addDays(localDate(new Date(Math.max(...entries.map((e) => e.endTime.getTime()))), settings.timezone), 1);
    const holidays = await this.calendar.calendar(m, scope, settings, from, to);
    const holidayOf = (d: string) => {
      const h = holidays.get(d);
      return h ? (h.halfDay ? 'half' : 'full') : null;
    };
    for (const e of entries)
      result.set(e.id, preciseSurchargeMinutes(e.startTime, e.endTime, e.breakMinutes, settings, holidayOf));
    return result;
  }

  /**
   * The entries with the warnings of their days, in `language`. `scope: 'day'` (lists) reads only the
   * day before and after each entry: the day's rules (breaks, rest, span, Sunday); the weekly maximum
   * and the days in a row need a week around it (single answers, and the month account has them all).
   */
  async withWarnings(
    m: EntityManager,
    scope: TenantScope,
    language: Language | undefined,
    entries: TimeEntryDto[],
    reach: 'day' | 'week' = 'week',
  ): Promise<TimeEntryDto[]> {
    const finished = entries.filter((e) => e.end_time);
    if (finished.length === 0) return entries.map((e) => ({ ...e, warnings: [] }));
    const settings = await this.calendar.settings(m, scope);
    const lang = language ?? settings.language;
    const starts = finished.map((e) => Date.parse(e.start_time));
    const around = reach === 'week' ? 8 : 2;
    const from = new Date(Math.min(...starts) - around * DAY_MS);
    const to = new Date(Math.max(...starts) + around * DAY_MS);
    const userIds = [...new Set(finished.map((e) => e.user_id))];
    const all = await this.repo.entries(m, scope, userIds, from, to);
    const holidays = await this.calendar.calendar(
      m,
      scope,
      settings,
      localDate(from, settings.timezone),
      localDate(to, settings.timezone),
    );
    const byUser = new Map<string, Map<string, WorkingTimeWarningDto[]>>();
    for (const userId of userIds) {
      const found = checkWorkingTime(
        all
          .filter((e) => e.user_id === userId)
          .map((e) => ({ start: e.start_time, end: e.end_time, breakMinutes: e.break_minutes })),
        { timezone: settings.timezone, weeklyMaxHours: settings.weekly_max_hours, holidays },
      );
      const days = new Map<string, WorkingTimeWarningDto[]>();
      for (const f of found) {
        if (reach === 'day' && (f.rule === 'weekly_max' || f.rule === 'consecutive_days')) continue;
        const warning = { rule: f.rule, message: translateServerMessage(`warning.${f.rule}`, lang, f.params) };
        // a week's finding belongs to every day of that week
        const keys = f.rule === 'weekly_max' ? [`week:${mondayOf(f.date)}`] : [f.date];
        for (const k of keys) days.set(k, [...(days.get(k) ?? []), warning]);
      }
      byUser.set(userId, days);
    }
    return entries.map((e) => {
      if (!e.end_time) return { ...e, warnings: [] };
      const day = localDate(new Date(e.start_time), settings.timezone);
      const days = byUser.get(e.user_id);
      return { ...e, warnings: [...(days?.get(day) ?? []), ...(days?.get(`week:${mondayOf(day)}`) ?? [])] };
    });
  }
}
