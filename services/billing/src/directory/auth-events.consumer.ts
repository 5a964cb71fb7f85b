import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, StaffTableStatusCheck, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
// The mailers' own files, not mails/index.js: mails' quota reads the directory through its door
// (customerMailLimited), so a cycle through both doors would leave this class's constructor types
// uninitialised when mails/ happens to load first.
import { EmailVerificationMailer } from '../mails/email-verification-mailer.js';
import { InvitationMailer } from '../mails/invitation-mailer.js';
import { DirectoryService } from './directory.service.js';

/**
 * Company profile, settings, subscription status, the owner's e-mail verification and a fiduciary's
 * invitation (both links are mailed from here) and staff from the auth service (thin: parsing is done by the base class).
 */
@Injectable()
export class AuthEventsConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-auth-directory';
  readonly filterSubjects = [
    'auth.company.registered',
    'auth.company.settings-updated',
    'auth.company.profile-updated',
    'auth.company.subscription-changed',
    'auth.company.email-verification-requested',
    'auth.company.email-verified',
    'auth.user.created',
    'auth.user.updated',
    'auth.user.deactivated',
    'auth.user.deleted',
    'auth.user.sessions-revoked',
    'auth.user.invited',
  ];

  constructor(
    private readonly directory: DirectoryService,
    private readonly staffStatus: StaffTableStatusCheck,
    private readonly verificationMailer: EmailVerificationMailer,
    private readonly invitationMailer: InvitationMailer,
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
        return this.directory.applyRegistered(manager, event.companyId, event.data);
      case 'auth.company.settings-updated':
        return this.directory.applySettings(manager, event.companyId, event.data);
      case 'auth.company.profile-updated':
        return this.directory.applyProfile(manager, event.companyId, event.data);
      case 'auth.company.subscription-changed':
        return this.directory.applySubscription(manager, event.companyId, event.data);
      case 'auth.company.email-verified':
        return this.directory.applyEmailVerified(manager, event.companyId);
      case 'auth.company.email-verification-requested':
        // A mail that cannot be queued (Redis down) or whose token auth does not give (auth away)
        // fails the delivery: the event comes again.
        await this.verificationMailer.send(event.companyId, event.data, event.id);
        return;
      case 'auth.user.created':
      case 'auth.user.updated':
        return this.directory.applyUser(manager, event.companyId, event.data);
      case 'auth.user.deactivated':
        return this.directory.deactivateUser(manager, event.companyId, event.data.userId);
      case 'auth.user.deleted':
        return this.directory.deleteUser(manager, event.companyId, event.data);
      case 'auth.user.sessions-revoked':
        return this.directory.revokeSessions(manager, event.companyId, event.data);
      case 'auth.user.invited':
        // a fiduciary's invitation (issue 26): mailed like the verification link
        await this.invitationMailer.send(event.companyId, event.data, event.id);
        return;
      default:
        return;
    }
  }
}
