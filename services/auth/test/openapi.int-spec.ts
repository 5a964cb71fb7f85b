import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, discoverDocumentedRoutes, emptyJsonResponses } from '@zunft/nest-common';
import { AUTH_OPENAPI } from '../src/openapi.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const build = (registry = AUTH_OPENAPI) =>
  buildOpenApiDocument({ service: 'auth', title: 'Zunft auth', registry, routes: discoverDocumentedRoutes(t.app) });

describe('OpenAPI document of auth', () => {
  it('describes every JSON success answer (no answer documented as {})', () => {
    expect(emptyJsonResponses(build().document)).toEqual([]);
    const { ['GET /api/auth/profile']: doc, ...rest } = AUTH_OPENAPI;
    const undescribed = { ...rest, 'GET /api/auth/profile': { ...doc!, response: undefined } };
    expect(emptyJsonResponses(build(undescribed).document)).toEqual(['GET /api/auth/profile 200']);
  });

  it('documents every route, and only routes that exist', () => {
    const { undocumented, unknown } = build();
    expect(undocumented).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('reports a route without a documented operation', () => {
    const { 'POST /api/users': _left, ...registry } = AUTH_OPENAPI;
    expect(build(registry).undocumented).toEqual(['POST /api/users']);
  });

  it('public routes have no security, the others bearer auth and their roles', () => {
    const paths = build().document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/api/auth/login']!['post']).toMatchObject({ security: [], 'x-roles': [] });
    expect(paths['/api/auth/login']!['post']!['responses']).not.toHaveProperty('401');
    expect(paths['/api/users']!['post']).toMatchObject({ security: [{ bearerAuth: [] }] });
    expect(paths['/api/users']!['post']!['x-roles']).not.toContain('employee');
    // The accountant reads but writes nothing (RolesGuard): no write route lists them unless it is their own session.
    expect(paths['/api/users']!['post']!['x-roles']).not.toContain('accountant');
    expect(paths['/api/auth/profile']!['put']!['x-roles']).toContain('accountant');
    expect(paths['/api/auth/profile']!['get']!['x-roles']).toEqual(['admin', 'backoffice', 'employee', 'accountant']);
  });

  it('examples match their documented schemas', () => {
    for (const [key, doc] of Object.entries(AUTH_OPENAPI)) {
      if (doc.example === undefined || !doc.response) continue;
      expect([key, doc.response.safeParse(doc.example).success]).toEqual([key, true]);
    }
  });
});

describe('request bodies', () => {
  it('a @LazyZodBody route documents its body (PUT /api/users/:id)', () => {
    const paths = build().document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/api/users/{id}']!['put']!['requestBody']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });
  });
});
