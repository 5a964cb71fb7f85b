import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { discoverRoutes } from './bad-input-suite.js';

/*
 * Look-ups first (issue 28): a route with a record id in its path and a body answers 404 for
 * another company's id (or none at all) before it validates the body, so a caller learns nothing
 * about the body's rules from ids that are not theirs. The routes are read from the Nest router
 * metadata (as the bad-input suite does), so a route added later is walked too. A route converts
 * with `@LazyZodBody` (nest-common validation): the handler looks the id up, then reads the body.
 */

export interface UnknownIdAnswer {
  route: string;
  status: number;
  code?: string;
}

/** Path parameters that name a record (`:id`, `:invoiceId`): the ones a look-up resolves. */
const isRecordParam = (name: string) => name === 'id' || /Id$/.test(name);

/**
 * Sends, to every route with a record id in its path and a body schema, fresh random uuids as
 * every path parameter and a body no object schema accepts (`[1]`), with the given headers (an
 * admin's token). Returns every answer; the routes that still validate first answer 400.
 */
export async function walkUnknownIdRoutes(options: {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  headers: Record<string, string>;
}): Promise<UnknownIdAnswer[]> {
  const answers: UnknownIdAnswer[] = [];
  for (const route of discoverRoutes(options.app)) {
    if (!route.body || route.method === 'get' || !route.params.some(isRecordParam)) continue;
    const url = route.params.reduce((path, name) => path.replace(`:${name}`, randomUUID()), route.path);
    let req = options.http()[route.method](url);
    for (const [k, v] of Object.entries(options.headers)) req = req.set(k, v);
    const res = await req.set('content-type', 'application/json').send('[1]');
    const body = res.body as { code?: unknown } | undefined;
    answers.push({
      route: `${route.method.toUpperCase()} ${route.path}`,
      status: res.status,
      ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    });
  }
  return answers;
}
