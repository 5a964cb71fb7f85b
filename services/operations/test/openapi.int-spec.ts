import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildOpenApiDocument,
  discoverDocumentedRoutes,
  emptyJsonResponses,
  expectDocumentedResponse,
} from '@zunft/nest-common';
import { OPERATIONS_OPENAPI } from '../src/openapi.js';
import { bearer, createCompany, createCustomer, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
});
afterAll(() => t?.close());

const build = (registry = OPERATIONS_OPENAPI) =>
  buildOpenApiDocument({
    service: 'operations',
    title: 'Zunft operations',
    registry,
    routes: discoverDocumentedRoutes(t.app),
  });

describe('OpenAPI document of operations', () => {
  it('describes every JSON success answer (no answer documented as {})', () => {
    expect(emptyJsonResponses(build().document)).toEqual([]);
    const { ['GET /api/projects']: doc, ...rest } = OPERATIONS_OPENAPI;
    const undescribed = { ...rest, 'GET /api/projects': { ...doc!, response: undefined } };
    expect(emptyJsonResponses(build(undescribed).document)).toEqual(['GET /api/projects 200']);
  });

  it('documents every route, and only routes that exist', () => {
    const { undocumented, unknown } = build();
    expect(undocumented).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('reports a route without a documented operation', () => {
    const { 'GET /api/customers/stats': _left, ...registry } = OPERATIONS_OPENAPI;
    expect(build(registry).undocumented).toEqual(['GET /api/customers/stats']);
  });

  it('has the roles of @Roles, bearer auth, the German error shape and the request schema of the zod pipe', () => {
    const { document } = build();
    const paths = document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    const holiday = paths['/api/holidays']!['post']!;
    expect(holiday['x-roles']).toEqual(['admin', 'backoffice']);
    expect(holiday['security']).toEqual([{ bearerAuth: [] }]);
    expect(holiday['description']).toContain('Rollen: Inhaber (admin), Büro (backoffice).');
    const create = paths['/api/customers']!['post']!;
    expect(create['x-roles']).toEqual(['admin', 'backoffice']);
    expect(paths['/api/time-entries']!['get']!['x-roles']).toEqual(['admin', 'backoffice', 'employee', 'accountant']);
    const body = (create['requestBody'] as { content: Record<string, { schema: { properties: object } }> }).content[
      'application/json'
    ]!.schema;
    expect(Object.keys(body.properties)).toContain('name');
    const notFound = (paths['/api/customers/{id}']!['get']!['responses'] as Record<string, { content: object }>)['404'];
    expect(notFound).toMatchObject({
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          example: { error: 'Nicht gefunden', code: 'not_found' },
        },
      },
    });
  });

  it('examples match their documented schemas', () => {
    for (const [key, doc] of Object.entries(OPERATIONS_OPENAPI)) {
      if (doc.example === undefined || !doc.response) continue;
      expect([key, doc.response.safeParse(doc.example).success]).toEqual([key, true]);
    }
  });
});

describe('answers match their documented schemas', () => {
  it('customers: create, read, list, page, stats, 404 of another company, 400', async () => {
    const created = await t
      .http()
      .post('/api/customers')
      .set(bearer(a.backoffice))
      .send({ name: 'Müller AG', email: 'info@mueller.ch' });
    expect(created.status).toBe(201);
    expectDocumentedResponse(OPERATIONS_OPENAPI, created);
    const id = (created.body as { id: string }).id;
    for (const url of [`/api/customers/${id}`, '/api/customers', '/api/customers?pageSize=5', '/api/customers/stats']) {
      const res = await t.http().get(url).set(bearer(a.backoffice));
      expect([url, res.status]).toEqual([url, 200]);
      expectDocumentedResponse(OPERATIONS_OPENAPI, res);
    }
    const other = await createCompany(t);
    const foreign = await t.http().get(`/api/customers/${id}`).set(bearer(other.admin));
    expect(foreign.status).toBe(404);
    expectDocumentedResponse(OPERATIONS_OPENAPI, foreign);
    const bad = await t.http().post('/api/customers').set(bearer(a.admin)).send({ name: '' });
    expect(bad.status).toBe(400);
    expectDocumentedResponse(OPERATIONS_OPENAPI, bad);
  });

  it('a field the document does not name fails the check', async () => {
    const customer = await createCustomer(t, a.admin, { name: 'Keller GmbH' });
    expect(() =>
      expectDocumentedResponse(OPERATIONS_OPENAPI, {
        status: 200,
        body: { ...customer, secret: 1 },
        req: { method: 'GET', path: `/api/customers/${customer.id}` },
      }),
    ).toThrow('fields not in the documented schema of GET /api/customers/:id: .secret');
  });
});
