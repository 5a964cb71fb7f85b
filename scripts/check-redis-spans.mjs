// Issue 27: Redis commands (ioredis, also under BullMQ) show up in a trace only when the process is
// started with `node --import @zunft/nest-common/otel-hooks …`, as deploy/docker/*.Dockerfile and
// deploy/k8s/billing-worker.yaml do (see libs/nest-common/src/tracing/otel-hooks.ts). This starts a
// small process (scripts/lib/redis-span-child.mjs) both ways against a local OTLP/HTTP receiver and
// the machine's Redis, and fails unless the ioredis span arrives with the flag (and, to prove the
// flag is what does it, not without). Needs libs/nest-common built; run by `npm test` after the build.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = path.join(root, 'scripts/lib/redis-span-child.mjs');

/** Span names per instrumentation scope of every OTLP/HTTP (JSON) request received. */
const received = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      for (const rs of JSON.parse(body).resourceSpans ?? []) {
        for (const ss of rs.scopeSpans ?? []) {
          for (const span of ss.spans ?? []) received.push({ scope: ss.scope?.name ?? '', name: span.name });
        }
      }
    } catch {
      // not JSON: counted as nothing
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${server.address().port}`;

async function redisSpansWhenStarted(withHook) {
  received.length = 0;
  const args = [...(withHook ? ['--import', '@zunft/nest-common/otel-hooks'] : []), child];
  // not spawnSync: it would block this process's event loop, and with it the receiver
  const code = await new Promise((resolve) => {
    const p = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: '' },
    });
    p.on('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`${path.relative(root, child)} exited with ${code}`);
  if (!received.some((s) => s.name === 'redis-span-check')) throw new Error('the parent span never arrived');
  return received.filter((s) => s.scope.includes('ioredis'));
}

let failed = false;
try {
  const withHook = await redisSpansWhenStarted(true);
  const without = await redisSpansWhenStarted(false);
  console.log(
    `  mit --import @zunft/nest-common/otel-hooks: ${withHook.map((s) => `${s.scope} «${s.name}»`).join(', ') || 'kein Redis-Span'}`,
  );
  console.log(`  ohne: ${without.length} Redis-Span(s)`);
  if (withHook.length === 0) {
    console.error('✖ Kein ioredis-Span mit dem Loader-Hook: Redis fehlt in den Traces der Produktion.');
    failed = true;
  }
} catch (error) {
  console.error(`✖ ${error.message}`);
  failed = true;
} finally {
  server.close();
}
process.exit(failed ? 1 : 0);
