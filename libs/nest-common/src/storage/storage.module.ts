import { Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FILE_STORAGE } from './file-storage.js';
import { PostgresFileStorage } from './postgres-file-storage.js';

/**
 * Provides `FILE_STORAGE` (inject with `@Inject(FILE_STORAGE) storage: FileStorage`). Today the
 * only driver is PostgreSQL in the service's own database (needs `STORAGE_MIGRATIONS`).
 */
@Module({})
export class StorageModule {
  static forRoot(): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: FILE_STORAGE,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) => new PostgresFileStorage(dataSource),
        },
      ],
      exports: [FILE_STORAGE],
    };
  }
}
