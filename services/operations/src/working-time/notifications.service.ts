import { Injectable } from '@nestjs/common';
import type { NotificationListResponse } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { WorkingTimeActor as Actor } from './working-time-actor.js';
import { NotificationsRepository } from './notifications.repository.js';

const NEWEST = 20;

/**
 * The caller's notifications (issue 24): the office hears of each holiday request, the employee of
 * the office's decision (written by AbsencesService in the transaction of the request or decision).
 * Everyone sees only their own.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: NotificationsRepository,
  ) {}

  list(actor: Actor): Promise<NotificationListResponse> {
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), actor.userId, NEWEST);
  }

  /** All the caller's notifications read (the bell was opened); answers the list as it is now. */
  markAllRead(actor: Actor): Promise<NotificationListResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      await this.repo.markAllRead(m, scope, actor.userId);
      return this.repo.list(m, scope, actor.userId, NEWEST);
    });
  }
}
