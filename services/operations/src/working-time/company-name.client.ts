import { Injectable, Logger } from '@nestjs/common';
import { RpcClient, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { WorkingTimeRepository } from './working-time.repository.js';

/** How long a PDF waits for auth's answer before it goes out without the employer's name. */
const COMPANY_NAME_TIMEOUT_MS = 2000;

/**
 * The employer's name for the ArGV 1 art. 73 record (issue 24). Operations copies it from
 * `auth.company.registered` / `auth.company.profile-updated`; a company registered before that copy
 * existed has none until its profile changes. Then auth is asked once (`rpc.auth.company-name`, core
 * NATS) and the answer stored, so later records read it locally. Auth unreachable: the record is
 * still produced (without the name) and the next one asks again.
 */
@Injectable()
export class CompanyNameBackfill {
  private readonly logger = new Logger(CompanyNameBackfill.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly repo: WorkingTimeRepository,
  ) {}

  async nameOf(m: EntityManager, scope: TenantScope, stored: string | null): Promise<string | null> {
    if (stored) return stored;
    try {
      const { name } = await this.rpc.request(
        'rpc.auth.company-name',
        { companyId: scope.companyId },
        { timeoutMs: COMPANY_NAME_TIMEOUT_MS },
      );
      const trimmed = name.trim();
      if (!trimmed) return null;
      // only where still missing: a profile update that arrived meanwhile wins
      await this.repo.setMissingCompanyName(m, scope, trimmed);
      return trimmed;
    } catch (err) {
      this.logger.warn(`company name of ${scope.companyId} not available from auth: ${(err as Error).message}`);
      return null;
    }
  }
}
