import type { ReadinessCheck } from '../health/health.controller.js';
import type { ReadinessChecksFactory } from '../health/health.module.js';
import { EventsConnection } from './events.connection.js';

/**
 * `/ready` reports the NATS connection: `HealthModule.forRoot({ checks: NATS_READINESS_CHECKS })`
 * (needs EventsModule). Not required: while NATS is away the outbox keeps the events and the relay
 * publishes them when it is back, so a NATS outage must not take every pod out of the Service.
 */
export const NATS_READINESS_CHECKS: ReadinessChecksFactory = {
  inject: [EventsConnection],
  useFactory: (events: EventsConnection): ReadinessCheck[] => [
    {
      name: 'nats',
      required: false,
      check: async () => {
        if (!(await events.ping())) throw new Error('NATS does not answer');
      },
    },
  ],
};
