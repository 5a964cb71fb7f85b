// docker-compose.yml runs NATS and Redis with authentication from the same configurations the
// cluster uses (issue 25), checked offline: every process that talks to NATS or Redis logs in as a
// user those configurations define, and no client is left on an unauthenticated URL.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config.js';

interface ComposeService {
  command?: string[] | string;
  volumes?: string[];
  environment?: Record<string, string>;
}
const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const natsConf = readFileSync(path.join(REPO_ROOT, 'deploy/nats/nats-server.conf'), 'utf8');
const redisAcl = readFileSync(path.join(REPO_ROOT, 'deploy/redis/users.acl'), 'utf8');
const natsUsers = [...natsConf.matchAll(/^\s*user:\s*([\w-]+)/gm)].map((m) => m[1]);
const redisUsers = [...redisAcl.matchAll(/^user ([\w-]+) on /gm)].map((m) => m[1]);

describe('docker-compose.yml: NATS and Redis with authentication', () => {
  it('the servers start from deploy/nats and deploy/redis', () => {
    const nats = compose.services.nats!;
    expect(nats.volumes).toContain('./deploy/nats/nats-server.conf:/etc/zunft-nats/nats-server.conf:ro');
    expect(nats.command).toEqual(expect.arrayContaining(['-c', '/etc/zunft-nats/nats-server.conf']));
    for (const user of ['AUTH', 'OPERATIONS', 'BILLING', 'BILLING_WORKER']) {
      expect(Object.keys(nats.environment ?? {})).toContain(`NATS_${user}_PASSWORD`);
    }
    const redis = compose.services.redis!;
    expect(redis.volumes).toContain('./deploy/redis:/etc/zunft-redis:ro');
    expect(String(redis.command)).toMatch(/acl\.sh \/etc\/zunft-redis\/users\.acl .*--aclfile/);
  });

  it('every NATS and Redis client logs in as a user the configurations define', () => {
    expect(natsUsers).toEqual(['auth', 'operations', 'billing', 'billing-worker']);
    expect(redisUsers).toEqual(['billing', 'billing-worker', 'gateway']);
    const natsClients = {
      auth: 'auth',
      operations: 'operations',
      billing: 'billing',
      'billing-worker': 'billing-worker',
    };
    for (const [service, user] of Object.entries(natsClients)) {
      const env = compose.services[service]!.environment!;
      expect([service, env.NATS_USER, env.NATS_PASSWORD]).toEqual([service, user, expect.stringMatching(/^\$\{NATS_/)]);
    }
    const redisClients = { billing: 'billing', 'billing-worker': 'billing-worker', gateway: 'gateway' };
    for (const [service, user] of Object.entries(redisClients)) {
      expect([service, compose.services[service]!.environment!.REDIS_URL]).toEqual([
        service,
        expect.stringMatching(new RegExp(`^redis://${user}:\\$\\{REDIS_[A-Z_]+_PASSWORD:-[^}]+\\}@redis:6379$`)),
      ]);
    }
    // nobody is left on the passwordless URL
    for (const [name, s] of Object.entries(compose.services)) {
      expect([name, s.environment?.REDIS_URL ?? '']).not.toEqual([name, 'redis://redis:6379']);
    }
  });
});
