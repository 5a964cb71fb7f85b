import { Global, Module, type DynamicModule } from '@nestjs/common';
import { FileStorage, LocalDiskStorage } from './file-storage.js';

@Global()
@Module({})
export class StorageModule {
  static forRoot(options: { rootDir: string }): DynamicModule {
    return {
      module: StorageModule,
      providers: [{ provide: FileStorage, useValue: new LocalDiskStorage(options.rootDir) }],
      exports: [FileStorage],
    };
  }
}
