import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, StaffTableStatusCheck, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { DirectoryService } from './directory.service.js';

/** Company settings and staff from the auth service (thin: parsing is done by the base class). */
@Injectable()
export class AuthEventsConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-auth-directory';
  readonly filterSubjects = [
    'auth.company.registered',
    'auth.company.settings-updated',
    'auth.company.profile-updated',
    'auth.user.created',
    'auth.user.updated',
    'auth.user.deactivated',
    'auth.user.deleted',
    'auth.user.sessions-revoked',
  ];

  constructor(
    private readonly directory: DirectoryService,
    private readonly staffStatus: StaffTableStatusCheck,
  ) {
    super();
  }

  /** A staff change is committed: the JWT guard's status check reads the staff rows again. */
  protected override afterCommit(event: DomainEvent): void {
    if (event.type.startsWith('auth.user.')) this.staffStatus.forget();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'auth.company.registered':
        await this.directory.applySettings(manager, event.companyId, event.data.settings);
        return this.directory.applyCompanyName(manager, event.companyId, event.data.name);
      case 'auth.company.settings-updated':
        return this.directory.applySettings(manager, event.companyId, event.data.settings);
      case 'auth.company.profile-updated':
        return this.directory.applyCompanyName(manager, event.companyId, event.data.name);
      case 'auth.user.created':
      case 'auth.user.updated':
        return this.directory.applyUser(manager, event.companyId, event.data);
      case 'auth.user.deactivated':
        return this.directory.deactivateUser(manager, event.companyId, event.data.userId);
      case 'auth.user.deleted':
        return this.directory.deleteUser(manager, event.companyId, event.data);
      case 'auth.user.sessions-revoked':
        return this.directory.revokeSessions(manager, event.companyId, event.data);
      default:
        return;
    }
  }
}
