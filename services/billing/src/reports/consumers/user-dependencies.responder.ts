import { Injectable } from '@nestjs/common';
import type { BillingUserDependencies, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { ReportsRepository } from '../reports.repository.js';

/**
 * `rpc.billing.user-dependencies`: how many reports the anonymisation of a deleted user touches
 * (counted into the deletion answer's `dependencies_updated.reports`).
 */
@Injectable()
export class BillingUserDependenciesResponder extends RpcResponder<'rpc.billing.user-dependencies'> {
  readonly subject = 'rpc.billing.user-dependencies';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ReportsRepository,
  ) {
    super();
  }

  async handle(request: RpcParsedRequest<'rpc.billing.user-dependencies'>): Promise<BillingUserDependencies> {
    const reports = await this.repo.countNaming(
      this.dataSource.manager,
      TenantScope.forSystem(request.companyId),
      request.userId,
    );
    return { reports };
  }
}
