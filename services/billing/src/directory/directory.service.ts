import { Injectable } from '@nestjs/common';
import type { EventData } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { CompanyMailStatusRepository } from './company-mail-status.repository.js';
import { DirectoryRepository, type CompanyInfo, type CustomerInfo, type ProjectInfo } from './directory.repository.js';

/**
 * Keeps billing's copies of auth and operations data in step with their events, so quotes can be
 * written, sent and accepted while those services are down. Every method runs inside the
 * consumer's transaction (`manager`) and is safe to repeat. Only these copies are written here;
 * what a module does in reaction to another service's event lives in that module's `consumers/`
 * (e.g. quotes/consumers/quote-project-link.consumer.ts).
 *
 * It is also the directory's door for reading: quotes, invoices and reports ask it for the company,
 * customer and project they are written for, passing their own `manager` (their transaction).
 */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly repo: DirectoryRepository,
    private readonly mailStatus: CompanyMailStatusRepository,
  ) {}

  /** Billing's copy of the company (letterhead, VAT number, IBAN, rates); null until registered. */
  company(manager: EntityManager, companyId: string): Promise<CompanyInfo | null> {
    return this.repo.company(manager, companyId);
  }

  /** The copy of a customer of the company (also a deleted or archived one: documents keep it). */
  customer(manager: EntityManager, scope: TenantScope, id: string): Promise<CustomerInfo | null> {
    return this.repo.customer(manager, scope, id);
  }

  /** A customer id given for a new document: the copy, else operations' answer (stored in the copy). */
  findCustomer(manager: EntityManager, scope: TenantScope, id: string): Promise<CustomerInfo | null> {
    return this.repo.findCustomer(manager, scope, id);
  }

  project(manager: EntityManager, scope: TenantScope, id: string): Promise<ProjectInfo | null> {
    return this.repo.project(manager, scope, id);
  }

  /** As `findCustomer`, for a project id. */
  findProject(manager: EntityManager, scope: TenantScope, id: string): Promise<ProjectInfo | null> {
    return this.repo.findProject(manager, scope, id);
  }

  async applyRegistered(
    manager: EntityManager,
    companyId: string,
    data: EventData<'auth.company.registered'>,
  ): Promise<void> {
    await this.repo.upsertRegistered(manager, companyId, data);
    await this.repo.upsertSettings(manager, companyId, data.settings);
    // Events from before issue 25 carry no flag: those owners count as confirmed.
    await this.mailStatus.setEmailVerified(manager, companyId, data.emailVerified ?? true);
    await this.mailStatus.setSubscriptionStatus(manager, companyId, 'trial');
  }

  /** The owner confirmed the address: the trial's daily limit of customer mails no longer applies. */
  applyEmailVerified(manager: EntityManager, companyId: string) {
    return this.mailStatus.setEmailVerified(manager, companyId, true);
  }

  applySubscription(manager: EntityManager, companyId: string, data: EventData<'auth.company.subscription-changed'>) {
    return this.mailStatus.setSubscriptionStatus(manager, companyId, data.status);
  }

  applySettings(manager: EntityManager, companyId: string, data: EventData<'auth.company.settings-updated'>) {
    return this.repo.upsertSettings(manager, companyId, data.settings);
  }

  applyProfile(manager: EntityManager, companyId: string, data: EventData<'auth.company.profile-updated'>) {
    return this.repo.upsertProfile(manager, companyId, data);
  }

  applyUser(manager: EntityManager, companyId: string, data: EventData<'auth.user.created'>) {
    return this.repo.upsertStaff(manager, companyId, data);
  }

  deactivateUser(manager: EntityManager, companyId: string, userId: string) {
    return this.repo.deactivateStaff(manager, companyId, userId);
  }

  revokeSessions(manager: EntityManager, companyId: string, data: EventData<'auth.user.sessions-revoked'>) {
    return this.repo.revokeStaffSessions(manager, companyId, data.userId, data.validAfter);
  }

  deleteUser(manager: EntityManager, companyId: string, data: EventData<'auth.user.deleted'>) {
    return this.repo.anonymiseStaff(
      manager,
      companyId,
      data.userId,
      data.anonymizedName.trim() || 'Gelöschter Benutzer',
    );
  }

  applyCustomer(manager: EntityManager, companyId: string, data: EventData<'operations.customer.created'>) {
    return this.repo.upsertCustomer(manager, companyId, data);
  }

  deleteCustomer(manager: EntityManager, companyId: string, customerId: string) {
    return this.repo.deleteCustomer(manager, companyId, customerId);
  }

  applyProject(manager: EntityManager, companyId: string, data: EventData<'operations.project.created'>) {
    return this.repo.upsertProject(manager, companyId, data);
  }

  deleteProject(manager: EntityManager, companyId: string, projectId: string) {
    return this.repo.deleteProject(manager, companyId, projectId);
  }
}
