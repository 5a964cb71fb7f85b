import type { ReadinessCheck } from '../health/health.controller.js';
import type { ReadinessChecksFactory } from '../health/health.module.js';
import { EventsConnection } from './events.connection.js';

/** `/ready` checks the NATS connection too: `HealthModule.forRoot({ checks: NATS_READINESS_CHECKS })` (needs EventsModule). */
export const NATS_READINESS_CHECKS: ReadinessChecksFactory = {
  inject: [EventsConnection],
  useFactory: (events: EventsConnection): ReadinessCheck[] => [
    {
      name: 'nats',
      check: async () => {
        if (!(await events.ping())) throw new Error('NATS does not answer');
      },
    },
  ],
};
