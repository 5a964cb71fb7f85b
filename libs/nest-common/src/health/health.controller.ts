import { Controller, Get, HttpCode, Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators.js';
import { DomainError } from '../errors/domain.error.js';

/** A dependency /ready checks besides the database (e.g. the NATS connection). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when healthy, throws otherwise. */
  check(): Promise<void>;
  /**
   * `false`: reported as `unavailable` but the pod stays ready, because the service works without it
   * (NATS: the outbox buffers events until it is back). Default `true`: a failure answers 503.
   */
  readonly required?: boolean;
}
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * A soft check shown by `/health` (e.g. "is the billing worker alive"): a failure makes the answer
 * `degraded` with the reason, still 200, because the process itself lives (liveness must not restart
 * it for a neighbour's fault). `check` may return details to show.
 */
export interface HealthCheck {
  readonly name: string;
  check(): Promise<Record<string, unknown> | void>;
}
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/**
 * Liveness (`/health`, no hard dependencies; soft checks only report) and readiness (`/ready`: the
 * database, plus extra checks; those with `required: false` are only reported).
 */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
    @Optional() @Inject(HEALTH_CHECKS) private readonly healthChecks: HealthCheck[] = [],
  ) {}

  @Get('health')
  async health() {
    if (!this.healthChecks?.length) return { status: 'ok' };
    let degraded = false;
    const checks: Record<string, Record<string, unknown>> = {};
    for (const item of this.healthChecks) {
      try {
        checks[item.name] = { status: 'ok', ...((await item.check()) ?? {}) };
      } catch (error) {
        degraded = true;
        checks[item.name] = { status: 'degraded', reason: (error as Error).message };
      }
    }
    return { status: degraded ? 'degraded' : 'ok', checks };
  }

  @Get('ready')
  @HttpCode(200)
  async ready() {
    const results: Record<string, string> = {};
    let ok = true;
    const all: ReadinessCheck[] = [
      { name: 'database', check: async () => void (await this.dataSource.query('SELECT 1')) },
      ...(this.checks ?? []),
    ];
    for (const item of all) {
      try {
        await item.check();
        results[item.name] = 'ok';
      } catch {
        if (item.required === false) results[item.name] = 'unavailable';
        else {
          ok = false;
          results[item.name] = 'error';
        }
      }
    }
    if (!ok) throw new DomainError('not_ready', 'Dienst ist nicht bereit', 503, { checks: results });
    return { status: 'ok', checks: results };
  }
}
