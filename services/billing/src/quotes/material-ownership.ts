import { Injectable } from '@nestjs/common';
import { MATERIAL_NOT_FOUND_MESSAGE } from '@zunft/contracts';
import { RpcClient, RpcRemoteError, RpcUnavailableError, type TenantScope } from '@zunft/nest-common';
import { QuoteError } from './quotes.errors.js';

export const MaterialOwnershipErrors = {
  materialNotFound: () => new QuoteError('material_not_found', MATERIAL_NOT_FOUND_MESSAGE, 404),
  operationsUnavailable: () =>
    new QuoteError(
      'materials_unavailable',
      'Die Materialien können gerade nicht geprüft werden. Bitte versuchen Sie es später erneut.',
      503,
    ),
} as const;

/**
 * Quote and template items may name a material (`materialId`); billing keeps no copy of the
 * catalogue, so operations is asked whether each one is the company's (404 otherwise): one
 * company's quote never points at another company's material.
 */
@Injectable()
export class MaterialOwnership {
  constructor(private readonly rpc: RpcClient) {}

  async assertOwned(scope: TenantScope, items: ReadonlyArray<{ materialId?: string | null }>): Promise<void> {
    const materialIds = [...new Set(items.map((it) => it.materialId).filter((id): id is string => !!id))];
    if (materialIds.length === 0) return;
    let unknown: string[];
    try {
      ({ unknown } = await this.rpc.request('rpc.operations.materials-owned', {
        companyId: scope.companyId,
        materialIds,
      }));
    } catch (error) {
      if (error instanceof RpcUnavailableError) throw MaterialOwnershipErrors.operationsUnavailable();
      if (error instanceof RpcRemoteError && error.status >= 500) throw MaterialOwnershipErrors.operationsUnavailable();
      throw error;
    }
    if (unknown.length > 0) throw MaterialOwnershipErrors.materialNotFound();
  }
}
