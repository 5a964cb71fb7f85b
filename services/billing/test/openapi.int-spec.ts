import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, discoverDocumentedRoutes, emptyJsonResponses } from '@zunft/nest-common';
import { BILLING_OPENAPI } from '../src/openapi.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const build = (registry = BILLING_OPENAPI) =>
  buildOpenApiDocument({
    service: 'billing',
    title: 'Zunft billing',
    registry,
    routes: discoverDocumentedRoutes(t.app),
  });

describe('OpenAPI document of billing', () => {
  it('describes every JSON success answer (no answer documented as {})', () => {
    expect(emptyJsonResponses(build().document)).toEqual([]);
    const { ['GET /api/reports']: doc, ...rest } = BILLING_OPENAPI;
    const undescribed = { ...rest, 'GET /api/reports': { ...doc!, response: undefined } };
    expect(emptyJsonResponses(build(undescribed).document)).toEqual(['GET /api/reports 200']);
  });

  it('documents every route, and only routes that exist', () => {
    const { undocumented, unknown } = build();
    expect(undocumented).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('reports a route without a documented operation', () => {
    const { 'GET /api/invoices/:id/ledger': _left, ...registry } = BILLING_OPENAPI;
    expect(build(registry).undocumented).toEqual(['GET /api/invoices/:id/ledger']);
  });

  it('PDFs as binary answers, public token routes without security, uploads as multipart', () => {
    const paths = build().document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/api/invoices/{id}/download']!['get']!['responses']).toMatchObject({
      200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    });
    expect(paths['/api/signature/{token}']!['post']).toMatchObject({ security: [], 'x-roles': [] });
    expect(paths['/api/reports/{id}/images']!['post']!['requestBody']).toMatchObject({
      content: { 'multipart/form-data': { schema: { type: 'object' } } },
    });
    expect(paths['/api/quotes']!['get']!['x-roles']).not.toContain('employee');
  });

  it('examples match their documented schemas', () => {
    for (const [key, doc] of Object.entries(BILLING_OPENAPI)) {
      if (doc.example === undefined || !doc.response) continue;
      expect([key, doc.response.safeParse(doc.example).success]).toEqual([key, true]);
    }
  });
});
