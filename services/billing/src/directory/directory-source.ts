import { Injectable, Logger } from '@nestjs/common';
import type { RpcReplyData, RpcRequest } from '@zunft/contracts';
import { RpcClient, RpcInvalidReplyError, RpcRemoteError, RpcUnavailableError } from '@zunft/nest-common';

/** How long billing waits for operations before it answers from its copy alone (404). */
export const DIRECTORY_SOURCE_TIMEOUT_MS = 2000;

/**
 * The owner of the copied customers and projects (operations), asked over NATS request/reply for
 * an id the copy does not know yet: the event that fills the copy trails the write by a few
 * milliseconds, and a customer created a moment ago must be invoiceable at once. `null` when the
 * id is no record of the company, and also when operations does not answer (not deployed, down,
 * slower than 2 s): billing then answers from its copy alone, as before, and logs a warning.
 */
@Injectable()
export class DirectorySource {
  private readonly logger = new Logger(DirectorySource.name);

  constructor(private readonly rpc: RpcClient) {}

  customer(companyId: string, id: string): Promise<RpcReplyData<'rpc.operations.customer'> | null> {
    return this.ask('rpc.operations.customer', companyId, id);
  }

  project(companyId: string, id: string): Promise<RpcReplyData<'rpc.operations.project'> | null> {
    return this.ask('rpc.operations.project', companyId, id);
  }

  private async ask<S extends 'rpc.operations.customer' | 'rpc.operations.project'>(
    subject: S,
    companyId: string,
    id: string,
  ): Promise<RpcReplyData<S> | null> {
    try {
      return await this.rpc.request(subject, { companyId, id } as RpcRequest<S>, {
        timeoutMs: DIRECTORY_SOURCE_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof RpcRemoteError && error.status === 404) return null;
      if (
        error instanceof RpcUnavailableError ||
        error instanceof RpcRemoteError ||
        error instanceof RpcInvalidReplyError
      ) {
        this.logger.warn({ msg: 'owner not asked, answering from the copy', subject, reason: error.message });
        return null;
      }
      throw error;
    }
  }
}
