import { Injectable } from '@nestjs/common';
import { serverMessage, type RpcParsedRequest, type RpcReplyData } from '@zunft/contracts';
import { DomainError, RpcResponder } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { DirectoryRecordsRepository } from './directory-records.repository.js';

/*
 * Billing asks for a customer or project its copy does not know yet (the event is still on its
 * way): the answer is the record in the shape of its `created` event, or `not_found` when the id is
 * no record of the company (another company's, deleted, or none at all).
 */

@Injectable()
export class CustomerRecordResponder extends RpcResponder<'rpc.operations.customer'> {
  readonly subject = 'rpc.operations.customer';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DirectoryRecordsRepository,
  ) {
    super();
  }

  async handle(request: RpcParsedRequest<'rpc.operations.customer'>): Promise<RpcReplyData<'rpc.operations.customer'>> {
    const found = await this.repo.customer(this.dataSource.manager, request.companyId, request.id);
    if (!found) throw new DomainError('not_found', serverMessage('customer_not_found'), 404);
    return found;
  }
}

@Injectable()
export class ProjectRecordResponder extends RpcResponder<'rpc.operations.project'> {
  readonly subject = 'rpc.operations.project';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DirectoryRecordsRepository,
  ) {
    super();
  }

  async handle(request: RpcParsedRequest<'rpc.operations.project'>): Promise<RpcReplyData<'rpc.operations.project'>> {
    const found = await this.repo.project(this.dataSource.manager, request.companyId, request.id);
    if (!found) throw new DomainError('not_found', serverMessage('project_not_found'), 404);
    return found;
  }
}
