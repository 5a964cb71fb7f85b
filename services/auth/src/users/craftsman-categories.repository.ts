import { Injectable } from '@nestjs/common';
import type { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { CraftsmanCategoryEntity } from './craftsman-category.entity.js';

const germanOrder = new Intl.Collator('de-CH', { sensitivity: 'base' });

@Injectable()
export class CraftsmanCategoriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(CraftsmanCategoryEntity);
  }

  /** Sorted the German way (Gärtner before Gipser), whatever the database collation. */
  async list(scope: TenantScope): Promise<CraftsmanCategoryEntity[]> {
    const rows = await this.repo().findBy({ companyId: scope.companyId });
    return rows.sort((a, b) => germanOrder.compare(a.name, b.name));
  }

  async existsByName(scope: TenantScope, name: string, m?: EntityManager): Promise<boolean> {
    const count = await this.repo(m)
      .createQueryBuilder('c')
      .where('c.company_id = :companyId AND lower(c.name) = lower(:name)', { companyId: scope.companyId, name })
      .getCount();
    return count > 0;
  }

  insert(scope: TenantScope, name: string, m?: EntityManager): Promise<CraftsmanCategoryEntity> {
    return this.repo(m).save(this.repo(m).create({ companyId: scope.companyId, name }));
  }

  async insertMany(scope: TenantScope, names: readonly string[], m: EntityManager): Promise<void> {
    await this.repo(m).insert(names.map((name) => ({ companyId: scope.companyId, name })));
  }
}
