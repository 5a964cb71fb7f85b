import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AuthConfig } from './auth.config.js';

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

@Global()
@Module({})
export class AuthConfigModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthConfigModule,
      providers: [{ provide: AUTH_CONFIG, useValue: config }],
      exports: [AUTH_CONFIG],
    };
  }
}
