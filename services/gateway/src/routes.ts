// The gateway's declarative tables: which service owns which /api prefix, which paths may carry
// larger bodies, and which paths are rate limited. Adding a service or a route is an entry here,
// never new code in app.ts.
import { LIMITS } from '@zunft/contracts';

export type ServiceName = 'auth' | 'operations' | 'billing';

export interface ServiceRoute {
  service: ServiceName;
  /** Environment variable holding the service's base URL. Unset (except auth) = not routed. */
  env: 'AUTH_SERVICE_URL' | 'OPERATIONS_SERVICE_URL' | 'BILLING_SERVICE_URL';
  /** Path prefixes forwarded unchanged (the services serve the /api prefix themselves). */
  prefixes: readonly string[];
}

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  {
    service: 'auth',
    env: 'AUTH_SERVICE_URL',
    prefixes: ['/api/auth', '/api/companies', '/api/users', '/api/subscriptions', '/api/audit-log'],
  },
  {
    service: 'operations',
    env: 'OPERATIONS_SERVICE_URL',
    prefixes: [
      '/api/customers',
      '/api/projects',
      '/api/time-entries',
      '/api/materials',
      '/api/expenses',
      '/api/dashboard',
      '/api/schedule',
      // working time (issue 24)
      '/api/absences',
      '/api/holidays',
      '/api/time-accounts',
      '/api/time-records',
      '/api/notifications',
    ],
  },
  {
    service: 'billing',
    env: 'BILLING_SERVICE_URL',
    prefixes: [
      '/api/quotes',
      '/api/reports',
      '/api/invoices',
      '/api/signature',
      '/api/quote-acceptance',
      // the accounting hand-off (issue 26)
      '/api/accounting',
      // «Alle Daten exportieren» (issue 26)
      '/api/data-exports',
    ],
  },
];

const MiB = 1024 * 1024;

export interface BodyLimitRule {
  /** Path pattern; `:name` matches one segment. Matches the path itself and everything below it. */
  path: string;
  bytes: number;
}

/**
 * Multipart routes that may exceed the default body limit. The service still checks the file
 * itself (type by content, exact size); the gateway only stops oversized requests early. The
 * extra megabyte covers multipart framing and the other form fields.
 */
export const BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
  { path: '/api/companies/logo', bytes: LIMITS.logoMaxBytes + MiB }, // logo: max 5 MB (part 2 §9)
  { path: '/api/expenses', bytes: 11 * MiB }, // expense receipt: up to 10 MB (part 2 §9)
  { path: '/api/reports/:id/images', bytes: 16 * MiB }, // report photos: up to 15 MB each (issue 10)
  { path: '/api/reports/:id/signature', bytes: 2 * MiB }, // report signature on the device (PNG ≤ 1 MB as data URL)
  { path: '/api/quote-acceptance/:token/accept', bytes: 2 * MiB }, // drawn signature (PNG data URL)
  { path: '/api/signature/:token', bytes: 2 * MiB }, // report signature
  { path: '/api/invoices/payments/import', bytes: 11 * MiB }, // camt bank file: up to 10 MB (issue 23)
  { path: '/api/materials/import', bytes: 51 * MiB }, // wholesaler catalogue (CSV, XLSX, Datanorm): up to 50 MB (issue 29)
];

export type RateLimitName = 'login' | 'register' | 'superadmin' | 'publicToken';

export interface RateLimitRule {
  name: RateLimitName;
  /** Only this method is limited; undefined = every method. */
  method?: 'POST';
  /** Exact path, or a prefix when `prefix` is true (matches the path and everything below). */
  path: string;
  prefix?: boolean;
}

/** Limits per client IP and minute; the numbers come from the config (RATE_LIMIT_*_PER_MIN). */
export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { name: 'login', method: 'POST', path: '/api/auth/login' },
  { name: 'register', method: 'POST', path: '/api/auth/register' },
  { name: 'superadmin', method: 'POST', path: '/api/auth/superadmin-login' },
  // Accepting a fiduciary's invitation checks an existing account's password: limited like a login.
  // Looking an invitation up by its token is a public token route (issue 26).
  { name: 'login', method: 'POST', path: '/api/auth/invitations/accept' },
  { name: 'publicToken', path: '/api/auth/invitations', prefix: true },
  { name: 'publicToken', path: '/api/signature', prefix: true },
  { name: 'publicToken', path: '/api/quote-acceptance', prefix: true },
];

/** The Module Federation remotes the shell may load, with the env var naming their manifest URL. */
export const REMOTE_MANIFEST_ENV = {
  admin: 'REMOTE_ADMIN_URL',
  time: 'REMOTE_TIME_URL',
  billing: 'REMOTE_BILLING_URL',
} as const;
export type RemoteName = keyof typeof REMOTE_MANIFEST_ENV;

/** Path part of a request URL (query string removed). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Canonical form of a path for limit decisions: percent-decoded, lower case, duplicate and
 * trailing slashes removed. The services (Express) match case-insensitively and ignore a trailing
 * slash, so `/API/Auth/Login/` must count against the login limit too.
 */
export function canonicalPath(url: string): string {
  let path = pathOf(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes are left as they are; such a path matches no service route anyway.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '');
  return path || '/';
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/');
}

function compilePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}(?:/.*)?$`);
}

export type BodyLimitResolver = (url: string) => number;

/** Body limit for a request URL: the largest matching rule, else the default. */
export function createBodyLimitResolver(rules: readonly BodyLimitRule[], defaultBytes: number): BodyLimitResolver {
  const compiled = rules.map((rule) => ({ re: compilePattern(rule.path), bytes: rule.bytes }));
  return (url) => {
    const path = canonicalPath(url);
    let limit = defaultBytes;
    for (const rule of compiled) if (rule.re.test(path) && rule.bytes > limit) limit = rule.bytes;
    return limit;
  };
}

/** The rate-limit rule that applies to a request, if any. */
export function matchRateLimitRule(method: string, url: string): RateLimitRule | undefined {
  const path = canonicalPath(url);
  return RATE_LIMIT_RULES.find(
    (rule) =>
      (rule.method === undefined || rule.method === method) &&
      (rule.prefix ? isUnder(path, rule.path) : path === rule.path),
  );
}

export function isApiPath(url: string): boolean {
  return isUnder(canonicalPath(url), '/api');
}
