import { Injectable } from '@nestjs/common';
import { CLOSED_COMPANY_GRACE_DAYS, type CloseCompanyResponse } from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import type { CloseCompanyInput } from './companies.dto.js';
import { CompanyErrors } from './companies.errors.js';
import { CompaniesRepository } from './companies.repository.js';

const DAY_MS = 86_400_000;

/**
 * «Konto schliessen» (issue 26). The admin types the company's name; a subscription that still
 * renews must be cancelled first (Einstellungen › Zahlungen). Closing marks the company, revokes every
 * session and publishes `auth.company.closed`: nobody signs in any more, and each service's retention
 * task removes the data once it has been kept as the law asks (OR art. 958f para. 1: business records
 * 10 years; ArGV 1 art. 73 para. 2: time records 5 years; the rest after CLOSED_COMPANY_GRACE_DAYS).
 */
@Injectable()
export class CompanyClosureService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompaniesRepository,
  ) {}

  async close(actor: Actor, input: CloseCompanyInput, now = new Date()): Promise<CloseCompanyResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const company = await this.companies.findForUpdate(scope, m);
      if (!company) throw CompanyErrors.notFound();
      if (company.closedAt) throw CompanyErrors.alreadyClosed();
      if (input.confirmName.trim() !== company.name.trim()) throw CompanyErrors.closeNameMismatch(company.name);
      if (await this.companies.subscriptionRenews(company.id, m)) throw CompanyErrors.closeSubscriptionActive();
      await this.companies.markClosed(company.id, now, m);
      await this.companies.revokeAllSessions(company.id, now, m);
      await enqueueEvent(m, {
        type: 'auth.company.closed',
        companyId: company.id,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { closedAt: now.toISOString() },
      });
    });
    return {
      message: successMessage('success.company_closed'),
      closedAt: now.toISOString(),
      graceEndsOn: new Date(now.getTime() + CLOSED_COMPANY_GRACE_DAYS * DAY_MS).toISOString().slice(0, 10),
    };
  }
}
