import { Injectable } from '@nestjs/common';
import type { Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { DataSource, EntityManager } from 'typeorm';
import { CompaniesRepository } from './companies.repository.js';
import type { CompanySettingsEntity } from './company-settings.entity.js';
import type { CompanyEntity } from './company.entity.js';

/**
 * The companies room's door for other rooms (registration, login, super-admin support, the
 * subscription, the demo seed): the few reads and writes of a company they need. Profile, settings
 * and logo stay with `CompaniesService`; the repository stays inside this folder. Every method
 * takes the caller's `EntityManager` where it works inside the caller's transaction.
 */
@Injectable()
export class CompanyRecords {
  constructor(private readonly repo: CompaniesRepository) {}

  /** For code that runs without Nest (the super-admin token CLI). */
  static on(dataSource: DataSource): CompanyRecords {
    return new CompanyRecords(new CompaniesRepository(dataSource));
  }

  /** The scope's company, or null. */
  find(scope: TenantScope, m?: EntityManager): Promise<CompanyEntity | null> {
    return this.repo.find(scope, m);
  }

  /** Registration: a new tenant (30-day trial) with its settings row, in the caller's transaction. */
  create(
    m: EntityManager,
    data: { name: string; email: string; language: Language; trialEndsAt: Date },
  ): Promise<{ company: CompanyEntity; settings: CompanySettingsEntity }> {
    return this.repo.create(m, data);
  }

  /** The demo seed: a company still on trial gets a new trial end. */
  restartTrial(scope: TenantScope, trialEndsAt: Date): Promise<void> {
    return this.repo.restartTrial(scope, trialEndsAt);
  }
}
