// /api/openapi.json merges the services' documents (each served on its own port at /openapi.json);
// /api/docs renders it with a script file, so the CSP needs no inline script.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

const documentOf = (service: string, path: string, tag: string) => ({
  openapi: '3.1.0',
  info: { title: `Zunft ${service}`, version: '1.0.0' },
  tags: [{ name: tag }],
  paths: { [path]: { get: { tags: [tag], summary: 'Liste', 'x-roles': ['admin'], responses: { 200: {} } } } },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    schemas: { Error: { type: 'object', required: ['error', 'code', 'requestId'] } },
  },
});

const serving =
  (doc: object) =>
  (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== '/openapi.json') return false;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(doc));
    return true;
  };

let auth: TestUpstream;
let operations: TestUpstream;
let gateway: TestGateway;
const client = createClient();

beforeAll(async () => {
  auth = await startUpstream('auth', serving(documentOf('auth', '/api/users', 'Benutzer')));
  operations = await startUpstream('operations', serving(documentOf('operations', '/api/customers', 'Kunden')));
  gateway = await startGateway({
    AUTH_SERVICE_URL: auth.url,
    OPERATIONS_SERVICE_URL: operations.url,
    // Nothing listens here: billing's document is missing.
    BILLING_SERVICE_URL: 'http://127.0.0.1:9',
    HEALTH_TIMEOUT_MS: '500',
  });
});
afterAll(async () => {
  await client.close();
  await gateway?.close();
  await Promise.all([auth?.close(), operations?.close()]);
});

describe('GET /api/openapi.json', () => {
  it('merges the services documents; a service without one is named, not fatal', async () => {
    const res = await client.send(`${gateway.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, unknown>;
      tags: Array<{ name: string; 'x-service': string }>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
      'x-missing-services': string[];
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/customers', '/api/users']);
    expect(doc.tags).toEqual([
      { name: 'Benutzer', 'x-service': 'auth' },
      { name: 'Kunden', 'x-service': 'operations' },
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(['Error']);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth']);
    expect(doc['x-missing-services']).toEqual(['billing']);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/docs', () => {
  it('is a page whose script and styles are files the CSP allows (no inline script)', async () => {
    const page = await client.send(`${gateway.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<script src="/api/docs/docs.js" defer></script>');
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(page.text).toContain('<p id="intro">Die Beschreibung wird geladen …</p>');
    const french = await client.send(`${gateway.url}/api/docs`, { headers: { 'accept-language': 'fr-CH' } });
    expect(french.text).toContain('<html lang="fr">');
    expect(french.text).toContain('&quot;responses&quot;:&quot;Réponses&quot;');
    const script = await client.send(`${gateway.url}/api/docs/docs.js`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain("fetch('/api/openapi.json'");
    expect(script.text).not.toContain('innerHTML');
    const styles = await client.send(`${gateway.url}/api/docs/docs.css`);
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});
