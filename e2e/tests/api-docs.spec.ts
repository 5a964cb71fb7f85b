import { expect, test } from './diagnostics.js';

// Issue 27: the merged OpenAPI document of the three services and its page, through the gateway.
test.describe('API-Beschreibung', () => {
  test('/api/docs listet die Operationen aller Dienste nach Bereich, mit Rollen und Beispielen', async ({
    page,
  }, testInfo) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'Zunft API', level: 1 })).toBeVisible();
    for (const tag of ['Anmeldung', 'Kunden', 'Rechnungen']) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${tag}`), level: 2 })).toBeVisible();
    }
    await page.screenshot({ path: testInfo.outputPath('api-docs-top.png') });
    const customers = page.locator('details.op', { hasText: 'Kunden anlegen' });
    await customers.locator('summary').click();
    await expect(customers).toContainText('Rollen: Inhaber (admin), Büro (backoffice).');
    await expect(customers).toContainText('Müller Haustechnik AG');
    await expect(customers.getByText('400', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('api-docs.png') });

    const doc = (await (await page.request.get('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).not.toHaveProperty('x-missing-services');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/customers/{id}', '/api/invoices/{id}/download']),
    );
  });
});
