import { Injectable } from '@nestjs/common';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { WorkingTimeErrors } from './working-time.errors.js';
import { WorkingTimeRepository } from './working-time.repository.js';

/** `2026-11` as people read it: `11.2026`. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

/**
 * The month close's lock: entries and absences of a closed month (per employee) do not change.
 * Every writer of time entries and absences asks here, inside its transaction, for every day it
 * touches (old and new dates).
 */
@Injectable()
export class MonthLock {
  constructor(private readonly repo: WorkingTimeRepository) {}

  async assertOpen(m: EntityManager, scope: TenantScope, userId: string, days: readonly string[]): Promise<void> {
    const months = [...new Set(days.map((d) => d.slice(0, 7)))];
    if (months.length === 0) return;
    const closed = await this.repo.closedMonths(m, scope, userId, months);
    if (closed.length > 0) throw WorkingTimeErrors.monthClosed(monthLabel(closed[0]!));
  }
}
