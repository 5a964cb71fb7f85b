import { Injectable } from '@nestjs/common';
import type { DashboardStatsResponse, UserStatsResponse } from '@zunft/contracts';
import { currentLanguage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { isOffice, type Actor } from '../common/actor.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { DashboardRepository } from './dashboard.repository.js';

const RECENT_ACTIVITY_LIMIT = 10;
const hours = (minutes: string | number) => Math.round((Number(minutes) / 60) * 10) / 10;

@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DashboardRepository,
    private readonly directory: DirectoryRepository,
    private readonly activities: ActivitiesRepository,
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
}
