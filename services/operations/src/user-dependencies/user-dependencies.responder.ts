import { Injectable } from '@nestjs/common';
import type { OperationsUserDependencies, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { UserDependenciesRepository } from './user-dependencies.repository.js';

/**
 * `rpc.operations.user-dependencies`: the auth service asks, when it permanently deletes a user,
 * how many time entries, expenses and material usage records of the user operations anonymises
 * (the anonymisation itself runs on the `auth.user.deleted` event). A user unknown here has zeros.
 */
@Injectable()
export class UserDependenciesResponder extends RpcResponder<'rpc.operations.user-dependencies'> {
  readonly subject = 'rpc.operations.user-dependencies';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: UserDependenciesRepository,
  ) {
    super();
  }

  handle(request: RpcParsedRequest<'rpc.operations.user-dependencies'>): Promise<OperationsUserDependencies> {
    return this.repo.count(this.dataSource.manager, TenantScope.forSystem(request.companyId), request.userId);
  }
}
