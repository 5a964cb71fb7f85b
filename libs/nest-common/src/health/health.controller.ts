import { Controller, Get, HttpCode, Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators.js';
import { DomainError } from '../errors/domain.error.js';

/** A dependency /ready checks besides the database (e.g. the NATS connection). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when healthy, throws otherwise. */
  check(): Promise<void>;
}
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** Liveness (`/health`, no dependencies) and readiness (`/ready`, database and extra checks). */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[] = [],
  ) {}

  @Get('health')
  health() {
    return { status: 'ok' };
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
        ok = false;
        results[item.name] = 'error';
      }
    }
    if (!ok) throw new DomainError('not_ready', 'Dienst ist nicht bereit', 503, { checks: results });
    return { status: 'ok', checks: results };
  }
}
