import { Injectable, Logger } from '@nestjs/common';
import { OPERATIONS_MESSAGES, ianaTimeZone, type EventData } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from './directory.repository.js';
import { WorkingTimeDirectoryRepository } from './working-time-directory.repository.js';

/**
 * Keeps the local copies of auth data in step with the auth events. Every method runs inside the
 * consumer's transaction (`manager`) and is safe to repeat.
 */
@Injectable()
export class DirectoryService {
  private readonly logger = new Logger(DirectoryService.name);

  constructor(
    private readonly repo: DirectoryRepository,
    private readonly workingTime: WorkingTimeDirectoryRepository,
  ) {}

  async applySettings(
    manager: EntityManager,
    companyId: string,
    data: EventData<'auth.company.settings-updated'>['settings'],
  ): Promise<void> {
    // Stored for date arithmetic in SQL and Intl, so only real IANA zones ('Europe/Geneva' is none).
    await this.repo.upsertSettings(manager, companyId, {
      ...data,
      timezone: ianaTimeZone(data.timezone) as typeof data.timezone,
    });
    await this.workingTime.upsertSettings(manager, companyId, data);
  }

  /** The company's name (the header of the ArGV 1 art. 73 record, issue 24). */
  applyCompanyName(manager: EntityManager, companyId: string, name: string): Promise<void> {
    return this.workingTime.setCompanyName(manager, companyId, name);
  }

  async applyUser(manager: EntityManager, companyId: string, data: EventData<'auth.user.created'>): Promise<void> {
    if (!(await this.repo.upsertStaff(manager, companyId, data))) return;
    await this.workingTime.applyEmployment(manager, companyId, data);
    await this.repo.renameOnRecords(manager, companyId, data.userId, `${data.firstName} ${data.lastName}`.trim());
  }

  deactivateUser(manager: EntityManager, companyId: string, userId: string): Promise<void> {
    return this.repo.deactivateStaff(manager, companyId, userId);
  }

  revokeSessions(manager: EntityManager, companyId: string, data: EventData<'auth.user.sessions-revoked'>) {
    return this.repo.revokeStaffSessions(manager, companyId, data.userId, data.validAfter);
  }

  async deleteUser(manager: EntityManager, companyId: string, data: EventData<'auth.user.deleted'>): Promise<void> {
    const name = data.anonymizedName.trim() || OPERATIONS_MESSAGES.deletedUserName;
    const counts = await this.repo.anonymise(manager, companyId, data.userId, name);
    this.logger.log({ msg: 'user anonymised', companyId, userId: data.userId, ...counts });
  }
}
