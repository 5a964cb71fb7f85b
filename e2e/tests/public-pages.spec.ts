import { expect, test } from './diagnostics.js';

test.describe('Öffentliche Seiten', () => {
  test('Landing zeigt Angebot, Preise und Einstiege', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: '30 Tage gratis testen' }).first()).toBeVisible();
    await expect(
      page
        .getByRole('button', { name: 'Live-Demo ansehen' })
        .or(page.getByRole('link', { name: 'Live-Demo ansehen' }))
        .first(),
    ).toBeVisible();
    await expect(page.locator('#features')).toBeAttached();
    await expect(page.locator('#pricing')).toBeAttached();
    // Public pages must not pull antd onto the critical path.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    expect(scripts.some((s) => /antd/i.test(s))).toBe(false);
  });

  test('Preisrechner: 3 Mitarbeitende monatlich und jährlich', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByText('CHF 37.50').first()).toBeVisible();
    await page
      .getByRole('radio', { name: /Jährlich/ })
      .first()
      .click();
    await expect(page.getByText('CHF 360.00').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /30 Tage gratis testen/ }).first()).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('Über uns nennt Mission und Werte', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: /Mission/ }).first()).toBeVisible();
    await expect(page.getByText('2025').first()).toBeVisible();
  });

  test('Unbekannter Pfad führt Gäste zum Login', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Live-Demo meldet mit der Demo-Firma an', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('button', { name: 'Live-Demo ansehen' })
      .or(page.getByRole('link', { name: 'Live-Demo ansehen' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByText('Muster Elektro AG').first()).toBeVisible();
  });
});
