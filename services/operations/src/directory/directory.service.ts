import { Injectable, Logger } from '@nestjs/common';
import { OPERATIONS_MESSAGES, ianaTimeZone, type EventData } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository, type CompanySettings, type StaffMember } from './directory.repository.js';
import {
  WorkingTimeDirectoryRepository,
  type CompanyWorkingTime,
  type EmploymentPeriodRow,
} from './working-time-directory.repository.js';

/**
 * The directory's door: operations' local copies of auth data (company settings, staff, contract
 * periods). The `apply*`/`deactivate*`/`delete*` methods keep the copies in step with the auth
 * events; they run inside the consumer's transaction (`manager`) and are safe to repeat. The reads
 * below are what the other rooms need; each takes the caller's `manager`, so it reads inside the
 * caller's transaction.
 */
@Injectable()
export class DirectoryService {
  private readonly logger = new Logger(DirectoryService.name);

  constructor(
    private readonly repo: DirectoryRepository,
    private readonly workingTime: WorkingTimeDirectoryRepository,
  ) {}

  /** The company's settings, or the defaults when the settings event has not arrived yet. */
  settings(manager: EntityManager, scope: TenantScope): Promise<CompanySettings> {
    return this.repo.settings(manager, scope);
  }

  /** The local staff row of a user of the company (null: unknown, e.g. its event has not arrived). */
  staffMember(manager: EntityManager, scope: TenantScope, userId: string): Promise<StaffMember | null> {
    return this.repo.staffMember(manager, scope, userId);
  }

  /** The company's working-time settings, language, zone and name (issue 24; ArGV 1 art. 73). */
  workingTimeSettings(manager: EntityManager, companyId: string): Promise<CompanyWorkingTime> {
    return this.workingTime.settings(manager, companyId);
  }

  /** The contract periods of some employees of the company, oldest first. */
  employmentPeriods(
    manager: EntityManager,
    companyId: string,
    userIds: readonly string[],
  ): Promise<EmploymentPeriodRow[]> {
    return this.workingTime.periods(manager, companyId, userIds);
  }

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
