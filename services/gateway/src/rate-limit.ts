// Per-IP limits for login, register, super-admin login and the public token pages. In memory by
// default; in Redis when REDIS_URL is set, so several gateway replicas share one count.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { matchRateLimitRule, RATE_LIMIT_RULES, type RateLimitName } from './routes.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Start counting in Redis from the first request; if Redis is not there, start anyway (fail open). */
async function waitUntilReady(redis: Redis, app: FastifyInstance, timeoutMs = 3_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      app.log.warn('rate-limit redis not reachable at boot; limits apply once it is');
      redis.off('ready', onReady);
      resolve();
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve();
    }
    redis.once('ready', onReady);
  });
}

export async function registerRateLimits(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 1_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
    await waitUntilReady(redis, app);
  }

  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not lock everybody out of the login: fail open and log.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.rateLimitNamespace } : {}),
  });

  const limiters = new Map<RateLimitName, Limiter>();
  for (const name of new Set(RATE_LIMIT_RULES.map((rule) => rule.name))) {
    limiters.set(
      name,
      app.createRateLimit({
        max: config.rateLimits[name],
        timeWindow: config.rateLimitWindowMs,
        keyGenerator: (request) => `${name}:${rateLimit.normalizeIP(request.ip)}`,
      }),
    );
  }

  app.addHook('onRequest', async (request, reply) => {
    const rule = matchRateLimitRule(request.method, request.url);
    if (!rule) return;
    const result = await limiters.get(rule.name)!(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    request.log.warn({ rateLimit: rule.name }, 'rate limit exceeded');
    reply.header('retry-after', Math.max(1, result.ttlInSeconds));
    return sendError(reply, 429, MESSAGES.tooManyRequests);
  });
}
