import { Injectable } from '@nestjs/common';
import type { MaterialsOwned, RpcParsedRequest } from '@zunft/contracts';
import { RpcResponder } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * `rpc.operations.materials-owned`: billing asks, before storing quote or template items that name
 * materials, which of the ids are no material of the company (another company's, or none at all).
 */
@Injectable()
export class MaterialsOwnedResponder extends RpcResponder<'rpc.operations.materials-owned'> {
  readonly subject = 'rpc.operations.materials-owned';

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async handle(request: RpcParsedRequest<'rpc.operations.materials-owned'>): Promise<MaterialsOwned> {
    const ids = [...new Set(request.materialIds)];
    const found: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM materials WHERE company_id = $1 AND id = ANY($2::uuid[])`,
      [request.companyId, ids],
    );
    const owned = new Set(found.map((r) => r.id));
    return { unknown: ids.filter((id) => !owned.has(id)) };
  }
}
