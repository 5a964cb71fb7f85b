// `node --import @zunft/nest-common/otel-hooks dist/main.js` (issue 27): how every service starts in
// production (deploy/docker/*.Dockerfile, deploy/k8s/billing-worker.yaml). Our services are ES
// modules, and so is BullMQ; what they import (ioredis among them) is loaded by Node's ESM loader,
// which require-in-the-middle never sees: without import-in-the-middle's loader hook, registered here
// before the application's first import, the ioredis instrumentation patches nothing and a trace
// shows no Redis commands. With tracing off (no OTLP endpoint, see `otlpTracesUrl`) no hook is
// registered: modules load as without the flag. `scripts/check-redis-spans.mjs` (run by `npm test`)
// starts a process both ways and checks that a Redis span arrives only with it.
import { register } from 'node:module';
import { otlpTracesUrl } from './tracing.js';

if (otlpTracesUrl()) register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
