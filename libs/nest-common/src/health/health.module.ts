import { Module, type DynamicModule, type InjectionToken, type Provider } from '@nestjs/common';
import {
  HEALTH_CHECKS,
  HealthController,
  READINESS_CHECKS,
  type HealthCheck,
  type ReadinessCheck,
} from './health.controller.js';

export interface ReadinessChecksFactory {
  inject?: InjectionToken[];
  useFactory: (...deps: never[]) => ReadinessCheck[];
}

/** Soft checks of `/health` (reported, `degraded` on failure, never 5xx). */
export interface HealthChecksFactory {
  inject?: InjectionToken[];
  useFactory: (...deps: never[]) => HealthCheck[];
}

/**
 * `GET /health` and `GET /ready` (outside the /api prefix, see configureHttpApp). Needs the app's
 * TypeORM DataSource. Extra readiness checks (e.g. NATS) come from a factory with injected deps.
 */
@Module({})
export class HealthModule {
  static forRoot(options: { checks?: ReadinessChecksFactory; healthChecks?: HealthChecksFactory } = {}): DynamicModule {
    const checksProvider: Provider = options.checks
      ? { provide: READINESS_CHECKS, inject: options.checks.inject ?? [], useFactory: options.checks.useFactory }
      : { provide: READINESS_CHECKS, useValue: [] };
    const healthChecksProvider: Provider = options.healthChecks
      ? {
          provide: HEALTH_CHECKS,
          inject: options.healthChecks.inject ?? [],
          useFactory: options.healthChecks.useFactory,
        }
      : { provide: HEALTH_CHECKS, useValue: [] };
    return { module: HealthModule, controllers: [HealthController], providers: [checksProvider, healthChecksProvider] };
  }
}
