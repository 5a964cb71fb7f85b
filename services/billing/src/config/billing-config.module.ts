import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { BillingConfig } from './billing.config.js';

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

@Global()
@Module({})
export class BillingConfigModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingConfigModule,
      providers: [{ provide: BILLING_CONFIG, useValue: config }],
      exports: [BILLING_CONFIG],
    };
  }
}
