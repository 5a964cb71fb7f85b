import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { discoverDocumentedRoutes } from '../openapi/openapi-document.js';

/*
 * The read-only accountant (Treuhänder, issue 26): every write route of a service answers the
 * accountant's token 403 `accountant_read_only` (RolesGuard), whatever the ids and the body. The
 * routes are read from the Nest router metadata like the OpenAPI document, so a route added later
 * is walked too. Public routes and the accountant's own session (`@AccountantMayWrite`, listed with
 * the accountant in its roles) are left out.
 */

export interface AccountantAnswer {
  route: string;
  status: number;
  code?: string;
}

/** The write routes the accountant may not call (non-GET, not public, accountant not in its roles). */
export function accountantClosedWrites(app: INestApplication): string[] {
  return discoverDocumentedRoutes(app)
    .filter((r) => r.method !== 'get' && r.roles !== null && !r.roles.includes('accountant'))
    .map((r) => `${r.method.toUpperCase()} ${r.path}`);
}

/** The GET routes whose roles name the accountant (what their screens may read). */
export function accountantReadableRoutes(app: INestApplication): string[] {
  return discoverDocumentedRoutes(app)
    .filter((r) => r.method === 'get' && r.roles !== null && r.roles.includes('accountant'))
    .map((r) => `${r.method.toUpperCase()} ${r.path}`);
}

/**
 * Calls every closed write route with the accountant's headers, fresh uuids as path parameters and
 * an empty JSON object as body. Returns every answer (all should be 403 accountant_read_only).
 */
export async function walkAccountantWrites(options: {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  headers: Record<string, string>;
}): Promise<AccountantAnswer[]> {
  const answers: AccountantAnswer[] = [];
  for (const route of discoverDocumentedRoutes(options.app)) {
    if (route.method === 'get' || route.roles === null || route.roles.includes('accountant')) continue;
    const url = route.params.reduce((path, name) => path.replace(`:${name}`, randomUUID()), route.path);
    let req = options.http()[route.method](url);
    for (const [k, v] of Object.entries(options.headers)) req = req.set(k, v);
    const res = await req.set('content-type', 'application/json').send('{}');
    const body = res.body as { code?: unknown } | undefined;
    answers.push({
      route: `${route.method.toUpperCase()} ${route.path}`,
      status: res.status,
      ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    });
  }
  return answers;
}
