// Uploads over the limit answer in the browser (issue 13): a too large logo or receipt gets the
// spec's German message with 413, never a reset connection (ERR_CONNECTION_RESET / EPIPE), whether
// the gateway refuses it (over its limit) or the service does (over the file limit, under the
// gateway's). The form itself shows the message too.
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { registerCompany } from './support.js';

const MiB = 1024 * 1024;

/** Uploads `bytes` of a file from the page (fetch with FormData, as the app does) and reads the answer. */
async function upload(page: Page, path: string, field: string, bytes: number, fields: Record<string, string> = {}) {
  return page.evaluate(
    async ({ path, field, bytes, fields }) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      // A PNG signature first, so only the size is wrong.
      const data = new Uint8Array(bytes);
      data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      form.append(field, new Blob([data], { type: 'image/png' }), 'gross.png');
      try {
        const res = await fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      } catch (error) {
        return { status: 0, body: { error: `network: ${String(error)}` } };
      }
    },
    { path, field, bytes, fields },
  );
}

test('Zu grosse Dateien: Logo und Beleg bekommen die deutsche Meldung (413), keine abgebrochene Verbindung', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerCompany(page);
  const logoTooLarge = 'Die Datei ist zu gross. Maximale Grösse: 5MB';
  const receiptTooLarge = 'Der Beleg ist zu gross. Maximale Grösse: 10 MB';

  // 5.2 MB passes the gateway (6 MB) and is refused by the service; 6.5 MB is refused by the gateway.
  for (const bytes of [5.2 * MiB, 6.5 * MiB]) {
    expect(await upload(page, '/api/companies/logo', 'logo', bytes)).toEqual({
      status: 413,
      body: expect.objectContaining({ error: logoTooLarge }),
    });
  }
  const expense = { category: 'materials', description: 'Grosser Beleg', amount: '12.50', expenseDate: '2026-11-20' };
  for (const bytes of [10.2 * MiB, 11.5 * MiB]) {
    expect(await upload(page, '/api/expenses', 'receipt', bytes, expense)).toEqual({
      status: 413,
      body: expect.objectContaining({ error: receiptTooLarge }),
    });
  }

  // The settings form says the same before sending anything.
  await page.goto('/settings?tab=general');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * MiB, 1),
    });
  await expect(page.getByText(logoTooLarge).first()).toBeVisible();
});
