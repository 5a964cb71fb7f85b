import { Injectable } from '@nestjs/common';
import type { DashboardStatsResponse, HoursPerWeekResponse, UserStatsResponse } from '@zunft/contracts';
import { currentLanguage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { isOffice, type Actor } from '../common/actor.js';
import { DirectoryService } from '../directory/index.js';
import { DashboardRepository } from './dashboard.repository.js';

const RECENT_ACTIVITY_LIMIT = 10;
const hours = (minutes: string | number) => Math.round((Number(minutes) / 60) * 10) / 10;

/** yyyy-MM-dd of `now` in `timeZone`. */
const localDay = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/** The Mondays of the last `count` weeks up to the one of `today`, oldest first. */
export function lastMondays(today: string, count: number): string[] {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return Array.from({ length: count }, (_, i) => {
    const monday = new Date(d);
    monday.setUTCDate(d.getUTCDate() - 7 * (count - 1 - i));
    return monday.toISOString().slice(0, 10);
  });
}

@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DashboardRepository,
    private readonly directory: DirectoryService,
    private readonly activities: ActivitiesService,
  ) {}

  /** The office sees the whole company (the activity feed in the caller's language, issue 28); an employee the same cards for their own work. */
  async stats(actor: Actor): Promise<DashboardStatsResponse> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const employeeId = isOffice(actor) ? null : actor.userId;
    const settings = await this.directory.settings(m, scope);
    const [c, recentActivity] = await Promise.all([
      this.repo.counts(m, scope, employeeId, settings.timezone),
      this.activities.recent(m, scope, RECENT_ACTIVITY_LIMIT, currentLanguage(), employeeId ?? undefined),
    ]);
    return {
      projects: {
        total_projects: Number(c.total_projects),
        active_projects: Number(c.active_projects),
        assigned_projects: Number(c.assigned_projects),
      },
      timeTracking: { total_hours: hours(c.month_minutes), total_entries: Number(c.month_entries) },
      customers: { total_customers: Number(c.total_customers), new_this_month: Number(c.new_customers) },
      recentActivity,
    };
  }

  /**
   * The caller's own numbers ('Meine Statistiken'). Reports belong to the billing service, which
   * this service does not read: `reportsCount` stays 0 here (see the service README).
   */
  async userStats(actor: Actor): Promise<UserStatsResponse> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const settings = await this.directory.settings(m, scope);
    const [c, recentActivity] = await Promise.all([
      this.repo.counts(m, scope, actor.userId, settings.timezone),
      this.activities.recent(m, scope, RECENT_ACTIVITY_LIMIT, currentLanguage(), actor.userId),
    ]);
    return {
      totalHours: hours(c.month_minutes),
      projectsCount: Number(c.total_projects),
      reportsCount: 0,
      timeEntriesCount: Number(c.month_entries),
      recentActivity,
    };
  }

  /**
   * Hours per week and project for the dashboard's chart (issue 28): the office sees everyone's,
   * an employee their own.
   */
  async hoursPerWeek(actor: Actor, weeks: number): Promise<HoursPerWeekResponse> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const settings = await this.directory.settings(m, scope);
    const mondays = lastMondays(localDay(settings.timezone), weeks);
    const found = await this.repo.hoursPerWeek(
      m,
      scope,
      isOffice(actor) ? null : actor.userId,
      settings.timezone,
      mondays[0]!,
    );
    const projects = new Map<string, { project_id: string; title: string; hours: number[] }>();
    for (const r of found) {
      const index = mondays.indexOf(r.week);
      if (index < 0) continue;
      const p = projects.get(r.project_id) ?? { project_id: r.project_id, title: r.title, hours: mondays.map(() => 0) };
      p.hours[index] = hours(r.minutes);
      projects.set(r.project_id, p);
    }
    return {
      weeks: mondays,
      projects: [...projects.values()].sort((a, b) => a.title.localeCompare(b.title, 'de-CH')),
    };
  }
}
