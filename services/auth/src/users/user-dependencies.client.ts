import { Injectable, Logger } from '@nestjs/common';
import type { DependenciesUpdated, RpcReplyData, RpcRequest } from '@zunft/contracts';
import { RpcClient, RpcNoRespondersError, RpcUnavailableError } from '@zunft/nest-common';

/** How long a permanent deletion waits for the other services' counts (asked in parallel). */
export const USER_DEPENDENCIES_TIMEOUT_MS = 2000;

type DependencySubject = 'rpc.operations.user-dependencies' | 'rpc.billing.user-dependencies';

/**
 * The `dependencies_updated` counts of a permanent deletion, asked by request/reply from the
 * services that keep the user's records: operations (time entries, expenses, material usage) and
 * billing (reports). The anonymisation itself runs there on `auth.user.deleted`; the counts are
 * what it touches (records are anonymised, never removed, so asking after the commit is exact).
 *
 * Never fails the deletion: a service that does not answer contributes 0 and the counts known so
 * far are returned. "No responders" of billing is normal while it is not deployed (logged at info);
 * no answer from operations, or a timeout of either, is logged as a warning.
 */
@Injectable()
export class UserDependenciesClient {
  private readonly logger = new Logger(UserDependenciesClient.name);

  constructor(private readonly rpc: RpcClient) {}

  async count(companyId: string, userId: string): Promise<DependenciesUpdated> {
    const request = { companyId, userId };
    const [operations, billing] = await Promise.all([
      this.ask('rpc.operations.user-dependencies', request),
      this.ask('rpc.billing.user-dependencies', request),
    ]);
    return {
      time_entries: operations?.time_entries ?? 0,
      expenses: operations?.expenses ?? 0,
      material_usage: operations?.material_usage ?? 0,
      reports: billing?.reports ?? 0,
    };
  }

  private async ask<S extends DependencySubject>(subject: S, request: RpcRequest<S>): Promise<RpcReplyData<S> | null> {
    try {
      return await this.rpc.request(subject, request, { timeoutMs: USER_DEPENDENCIES_TIMEOUT_MS });
    } catch (err) {
      const context = { subject, ...request, error: err instanceof Error ? err.message : String(err) };
      if (err instanceof RpcNoRespondersError && subject === 'rpc.billing.user-dependencies') {
        this.logger.log({ msg: 'no billing responder (not deployed): reports counted as 0', ...context });
      } else if (err instanceof RpcUnavailableError) {
        this.logger.warn({ msg: `user dependencies unknown (${err.reason}): counted as 0`, ...context });
      } else {
        this.logger.warn({ msg: 'user dependencies request failed: counted as 0', ...context });
      }
      return null;
    }
  }
}
