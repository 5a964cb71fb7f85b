import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { OperationsConfig } from './operations.config.js';

export const OPERATIONS_CONFIG = Symbol('OPERATIONS_CONFIG');

@Global()
@Module({})
export class OperationsConfigModule {
  static forRoot(config: OperationsConfig): DynamicModule {
    return {
      module: OperationsConfigModule,
      providers: [{ provide: OPERATIONS_CONFIG, useValue: config }],
      exports: [OPERATIONS_CONFIG],
    };
  }
}
