import { Injectable } from '@nestjs/common';
import type { RpcParsedRequest, RpcReplyData } from '@zunft/contracts';
import { RpcResponder, TenantScope } from '@zunft/nest-common';
import { CompanyErrors } from './companies.errors.js';
import { CompanyRecords } from './company-records.js';

/**
 * `rpc.auth.company-name` (issue 24): operations asks for the company's name when a company
 * registered before it copied names from auth's events has no employer for the ArGV 1 art. 73
 * record; it stores the answer. NATS lets only operations ask (deploy/nats/nats-server.conf).
 */
@Injectable()
export class CompanyNameResponder extends RpcResponder<'rpc.auth.company-name'> {
  readonly subject = 'rpc.auth.company-name';

  constructor(private readonly companies: CompanyRecords) {
    super();
  }

  async handle(request: RpcParsedRequest<'rpc.auth.company-name'>): Promise<RpcReplyData<'rpc.auth.company-name'>> {
    const company = await this.companies.find(TenantScope.forSystem(request.companyId));
    if (!company) throw CompanyErrors.notFound();
    return { name: company.name };
  }
}
