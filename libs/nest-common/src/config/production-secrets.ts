import { ConfigError } from './load-config.js';

type Env = Record<string, string | undefined>;

/**
 * The values `npm start`, the tests and the local Stripe stand-in use. They are public (they are in
 * this repository), so a production process holding one of them is as good as unprotected.
 */
export const STANDIN_SECRETS: readonly string[] = [
  'sk_test_zunft_standin',
  'pk_test_zunft_standin',
  'whsec_zunft_standin',
];

/** What a service needs in production besides its JWT key(s), which every service reads anyway. */
export interface ProductionSecretNeeds {
  /** Redis (BullMQ, rate limits): the URL must carry a password (`redis://:pw@host` or ACL user). */
  redis?: boolean;
  /** Stripe keys and the webhook secret (auth only). */
  stripe?: boolean;
}

export const isProduction = (env: Env): boolean => env.NODE_ENV === 'production';

const set = (env: Env, name: string): string | null => {
  const value = env[name]?.trim();
  return value ? value : null;
};

function passwordOf(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}

function hasNatsCredentials(env: Env): boolean {
  const url = set(env, 'NATS_URL');
  if (url) {
    try {
      const u = new URL(url);
      // nats://user:password@host or nats://<token>@host
      if (u.username) return true;
    } catch {
      // the schema reports a broken URL
    }
  }
  return (
    (!!set(env, 'NATS_USER') && !!set(env, 'NATS_PASSWORD')) ||
    !!set(env, 'NATS_TOKEN') ||
    !!set(env, 'NATS_CREDS_FILE')
  );
}

/**
 * Lists every secret that is missing or still a stand-in value, as `NAME: why` (empty = fine).
 * Outside production nothing is required: the development defaults stay in the config schemas.
 */
export function missingProductionSecrets(env: Env, needs: ProductionSecretNeeds = {}): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  const standin = (name: string) => STANDIN_SECRETS.includes(set(env, name) ?? '');

  const database = set(env, 'DATABASE_URL');
  if (!database) problems.push('DATABASE_URL: not set (the development default has no password)');
  else if (!passwordOf(database)) problems.push('DATABASE_URL: carries no password (postgres://user:password@host/db)');

  if (!set(env, 'NATS_URL')) problems.push('NATS_URL: not set');
  if (!hasNatsCredentials(env)) {
    problems.push(
      'NATS credentials: none (nats://user:password@host in NATS_URL, or NATS_USER + NATS_PASSWORD, NATS_TOKEN or NATS_CREDS_FILE)',
    );
  }

  if (needs.redis) {
    const redis = set(env, 'REDIS_URL');
    if (!redis) problems.push('REDIS_URL: not set');
    else if (!passwordOf(redis)) problems.push('REDIS_URL: carries no password (redis://user:password@host:6379)');
  }

  if (needs.stripe) {
    const stripeKey = (name: string, prefixes: string[], what: string) => {
      const value = set(env, name);
      if (!value) problems.push(`${name}: not set (${what})`);
      else if (standin(name)) problems.push(`${name}: is the public stand-in value (${what})`);
      else if (!prefixes.some((p) => value.startsWith(p))) {
        problems.push(`${name}: does not look like ${what} (${prefixes.join(' or ')}…)`);
      }
    };
    stripeKey('STRIPE_SECRET_KEY', ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], 'a Stripe secret key');
    stripeKey('STRIPE_PUBLISHABLE_KEY', ['pk_live_', 'pk_test_'], 'a Stripe publishable key');
    stripeKey('STRIPE_WEBHOOK_SECRET', ['whsec_'], "the webhook endpoint's signing secret");
    if (set(env, 'STRIPE_API_BASE'))
      problems.push('STRIPE_API_BASE: must not be set (only the local stand-in uses it)');
  }
  return problems;
}

/**
 * Refuses to start in production (`NODE_ENV=production`) while a secret is missing or a stand-in,
 * naming each one. Called by every service's config loader before anything connects.
 */
export function assertProductionSecrets(service: string, env: Env, needs: ProductionSecretNeeds = {}): void {
  const problems = missingProductionSecrets(env, needs);
  if (problems.length === 0) return;
  throw new ConfigError(
    `NODE_ENV=production: ${service} will not start without its real secrets:\n${problems
      .map((p) => `  - ${p}`)
      .join('\n')}\n(stand-in values are for development only; see deploy/README.md, Production secrets)`,
  );
}
