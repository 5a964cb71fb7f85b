// Issue 15: the gateway's own error answers come from the server message catalogue, in the
// request's Accept-Language (de/fr/it), German by default. A real gateway on an ephemeral port.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVER_MESSAGES } from '@zunft/contracts';
import { MESSAGES } from './errors.js';
import { createClient, startGateway, type TestGateway } from './testing/gateway.js';

describe('gateway errors in the request’s language', () => {
  const client = createClient();
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startGateway({});
  });
  afterAll(async () => {
    await gateway.close();
    await client.close();
  });

  const unknownApi = (headers: Record<string, string> = {}) =>
    client.send(`${gateway.url}/api/gibt-es-nicht`, { headers: { accept: 'application/json', ...headers } });

  it('German by default, word for word the catalogue', async () => {
    expect(MESSAGES.unknownApiPath).toBe(SERVER_MESSAGES['gateway.unknown_api_path'].de);
    const res = await unknownApi();
    expect(res.status).toBe(404);
    expect(res.json().error).toBe('Unbekannter API-Pfad');
    expect(res.headers['content-language']).toBe('de');
  });

  it('French and Italian from Accept-Language (q-values respected)', async () => {
    expect((await unknownApi({ 'accept-language': 'fr-CH,fr;q=0.9,de;q=0.8' })).json().error).toBe(
      'Chemin d’API inconnu',
    );
    const it_ = await unknownApi({ 'accept-language': 'de;q=0.2, it-CH;q=0.9' });
    expect(it_.json().error).toBe('Percorso API sconosciuto');
    expect(it_.headers['content-language']).toBe('it');
    expect((await unknownApi({ 'accept-language': 'en-GB' })).json().error).toBe('Unbekannter API-Pfad');
  });
});
