import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims, SubscriptionStatusResponse } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { CompanyErrors } from '../companies/companies.errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { toSubscriptionStatusResponse } from './subscriptions.dto.js';

/** Subscription state only; payments (checkout, user additions) come with the billing issue. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
  ) {}

  async status(actor: AccessTokenClaims): Promise<SubscriptionStatusResponse> {
    const scope = TenantScope.fromClaims(actor);
    const company = await this.companies.find(scope);
    if (!company) throw CompanyErrors.notFound();
    return toSubscriptionStatusResponse(company, await this.users.countActive(scope));
  }
}
