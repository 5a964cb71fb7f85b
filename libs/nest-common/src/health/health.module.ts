import { Module, type DynamicModule, type InjectionToken, type Provider } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from './health.controller.js';

export interface ReadinessChecksFactory {
  inject?: InjectionToken[];
  useFactory: (...deps: never[]) => ReadinessCheck[];
}

/**
 * `GET /health` and `GET /ready` (outside the /api prefix, see configureHttpApp). Needs the app's
 * TypeORM DataSource. Extra readiness checks (e.g. NATS) come from a factory with injected deps.
 */
@Module({})
export class HealthModule {
  static forRoot(options: { checks?: ReadinessChecksFactory } = {}): DynamicModule {
    const checksProvider: Provider = options.checks
      ? { provide: READINESS_CHECKS, inject: options.checks.inject ?? [], useFactory: options.checks.useFactory }
      : { provide: READINESS_CHECKS, useValue: [] };
    return { module: HealthModule, controllers: [HealthController], providers: [checksProvider] };
  }
}
