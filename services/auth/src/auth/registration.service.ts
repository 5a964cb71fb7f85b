import { Injectable } from '@nestjs/common';
import { DEFAULT_CRAFTSMAN_CATEGORIES, LIMITS } from '@zunft/contracts';
import { TenantScope, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { CompanyRecords, toCompanySettingsDto, type CompanyEntity } from '../companies/index.js';
import { PasswordHasher } from '../sessions/password-hasher.service.js';
import { UserRecords, isUniqueViolation, toUserEventData, type UserEntity } from '../users/index.js';
import { AuthErrors } from './auth.errors.js';
import { EmailVerificationService } from './email-verification.service.js';
import { assertPasswordAcceptable } from './password-policy.js';
import type { RegisterInput } from './auth.dto.js';

/** Creates a tenant: company (30-day trial), default settings, Swiss trades, and its admin. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompanyRecords,
    private readonly users: UserRecords,
    private readonly hasher: PasswordHasher,
    private readonly verification: EmailVerificationService,
  ) {}

  async registerCompany(input: RegisterInput): Promise<{ company: CompanyEntity; user: UserEntity }> {
    assertPasswordAcceptable(input.password);
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.dataSource.transaction(async (m) => {
        if (await this.users.emailTaken(input.email, null, m)) throw AuthErrors.emailTaken();
        const trialEndsAt = new Date(Date.now() + LIMITS.trialDays * 86_400_000);
        const { company, settings } = await this.companies.create(m, {
          name: input.companyName,
          email: input.email,
          language: input.language,
          trialEndsAt,
        });
        const scope = TenantScope.forSystem(company.id);
        await this.users.addCategories(scope, DEFAULT_CRAFTSMAN_CATEGORIES, m);
        const user = await this.users.insert(
          scope,
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            passwordHash,
            role: 'admin',
            craftsmanCategory: null,
            hourlyRate: null,
            isActive: true,
            language: company.language,
          },
          m,
        );
        const requestId = currentRequestId();
        await enqueueEvent(m, {
          type: 'auth.company.registered',
          companyId: company.id,
          actorId: user.id,
          requestId,
          data: {
            companyId: company.id,
            name: company.name,
            email: input.email,
            language: company.language,
            trialEndsAt: trialEndsAt.toISOString(),
            adminUserId: user.id,
            settings: toCompanySettingsDto(settings),
            emailVerified: false,
          },
        });
        await enqueueEvent(m, {
          type: 'auth.user.created',
          companyId: company.id,
          actorId: user.id,
          requestId,
          data: toUserEventData(user),
        });
        // The spec's flows work at once; the link only lifts the trial's daily limit of customer mails.
        await this.verification.issue(m, company, user);
        return { company, user };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_email_active')) throw AuthErrors.emailTaken();
      throw error;
    }
  }
}
