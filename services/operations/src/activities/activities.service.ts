import { Injectable } from '@nestjs/common';
import type { ActivityDto, Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ActivitiesRepository, type ActivityInput } from './activities.repository.js';

/**
 * The door of the recent-activity feed. Every room appends its line with `record`, inside its own
 * transaction (`manager`), so the line commits or rolls back with the change it reports; the
 * dashboard reads the feed with `recent`.
 */
@Injectable()
export class ActivitiesService {
  constructor(private readonly repo: ActivitiesRepository) {}

  record(manager: EntityManager, scope: TenantScope, input: ActivityInput): Promise<void> {
    return this.repo.record(manager, scope, input);
  }

  /** Latest activities of the company, or only the given user's, described in `language`. */
  recent(
    manager: EntityManager,
    scope: TenantScope,
    limit: number,
    language: Language,
    userId?: string,
  ): Promise<ActivityDto[]> {
    return this.repo.recent(manager, scope, limit, language, userId);
  }
}
