import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { E2E_PORTS } from '../playwright.config.js';
import { api, createEmployee, login, registerCompany, uniqueEmail, type RegisteredCompany } from './support.js';

// The e2e stack runs the local Stripe stand-in (tools/stripe-standin): its hosted checkout page is
// what checkout.stripe.com is for the real thing, and its webhooks reach auth through the gateway.
const STANDIN = `http://localhost:${E2E_PORTS.stripe}`;
const authEnv = (): Record<string, string> => JSON.parse(process.env.E2E_AUTH_ENV ?? '{}');
/** Each test leaves the app twice for the provider's page: full page loads on a busy CI machine. */
const LOAD = { timeout: 60_000 };
test.describe.configure({ timeout: 240_000 });

/** Runs SQL against the e2e auth database (a test's way to fast-forward time). */
function sql(statement: string): void {
  const res = spawnSync('psql', [authEnv().DATABASE_URL!, '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
}

/** A company with admin + two employees whose 30-day trial is over, signed in again (fresh token). */
async function expiredCompany(page: Page): Promise<RegisteredCompany> {
  const company = await registerCompany(page);
  await createEmployee(page, 'Luca', 'Meier');
  await createEmployee(page, 'Sara', 'Keller');
  sql(`UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE name = '${company.companyName}'`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, company.email, company.password);
  await expect(page).toHaveURL(/\/settings\?tab=payments$/, LOAD);
  return company;
}

/** Status and body of a GET with the signed-in user's token. */
async function apiGet(page: Page, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await page.evaluate(() => sessionStorage.getItem('zunft.token') ?? localStorage.getItem('zunft.token'));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** The stand-in's hosted checkout page: card number, then the pay button. */
async function payOnCheckoutPage(page: Page, card: string, button: 'Abonnieren' | 'Bezahlen') {
  await expect(page).toHaveURL(new RegExp(`^${STANDIN}/c/pay/`), LOAD);
  await page.getByLabel('Kartennummer').fill(card);
  await page.getByRole('button', { name: button }).click();
}

test('Abgelaufener Test: Paywall, abgelehnte Karte ändert nichts, Monatsabo mit 4242, danach geht alles', async ({
  page,
}) => {
  await expiredCompany(page);
  await page.getByRole('link', { name: 'Abonnement abschliessen' }).first().click(LOAD);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Trial abgelaufen' })).toBeVisible(LOAD);
  await expect(page.getByText('Abgerechnet werden 3 aktive Mitarbeitende (inkl. Administrator).')).toBeVisible();

  // TWINT cannot pay a subscription: the server's message, no checkout.
  await page.getByText('TWINT', { exact: true }).click();
  await page.getByRole('button', { name: 'Monatlich wählen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'TWINT ist derzeit nicht verfügbar' })).toBeVisible();
  await page.getByText('Karte', { exact: true }).click();

  // A declined card: the provider says so, back in the app the spec's error, nothing changed.
  await page.getByRole('button', { name: 'Monatlich wählen' }).click();
  await expect(page.getByTestId('checkout-amount')).toHaveText('CHF 37.50 pro Monat');
  await payOnCheckoutPage(page, '4000 0000 0000 0341', 'Abonnieren');
  await expect(page.getByRole('alert')).toHaveText('Ihre Karte wurde abgelehnt.');
  await page.getByRole('link', { name: '← Zurück' }).click();
  await expect(page).toHaveURL(/\/payment\?status=cancelled$/);
  await expect(page.getByText('Zahlung fehlgeschlagen - Bitte versuchen Sie es erneut')).toBeVisible(LOAD);
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/settings\?tab=payments$/);
  for (const path of ['/api/quotes', '/api/projects']) {
    expect(await apiGet(page, path)).toMatchObject({
      status: 403,
      body: { code: 'requires_payment', requires_payment: true, subscription_status: 'trial' },
    });
  }

  // 4242 pays; the webhook (not the browser) activates; the app works again.
  await page.goto('/payment');
  await page.getByRole('button', { name: 'Monatlich wählen' }).click();
  await payOnCheckoutPage(page, '4242 4242 4242 4242', 'Abonnieren');
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByRole('link', { name: 'Zum Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, LOAD);
  // The guard no longer sends the admin to the payments tab; the users screen works again.
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/customers$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('button', { name: 'Deaktivieren: Luca Meier' })).toBeVisible(LOAD);
  // Billing's and operations' gates let the company through as well.
  expect((await apiGet(page, '/api/quotes')).status).toBe(200);
  expect((await apiGet(page, '/api/projects')).status).toBe(200);
  await page.goto('/settings?tab=payments');
  await expect(page.getByText('Aktiv', { exact: true }).first()).toBeVisible(LOAD);
  await expect(page.getByText('Nächste Abrechnung')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zum Periodenende kündigen' })).toBeVisible();
});

test('Vierter Mitarbeiter: Zahlungsdialog, Bezahlung, Mitarbeiter ist aktiv', async ({ page }) => {
  const company = await expiredCompany(page);
  // Subscribe through the API and the stand-in's test hook (the browser flow is the test above).
  const checkout = await api<{ stripe: { session_id: string } }>(page, 'POST', '/api/subscriptions/create', {
    plan_id: 1,
    billing_cycle: 'monthly',
    payment_method: 'stripe',
  });
  const paid = await page.request.post(`${STANDIN}/_standin/checkout/${checkout.stripe.session_id}/pay`, {
    data: { cardNumber: '4242424242424242' },
  });
  expect(paid.ok()).toBe(true);
  await expect(async () => {
    const status = await api<{ subscription: { status: string } }>(page, 'GET', '/api/subscriptions/status');
    expect(status.subscription.status).toBe('active');
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, company.email, company.password);
  await expect(page).toHaveURL(/\/dashboard$/, LOAD);

  await page.goto('/users?action=create');
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Vorname', { exact: true })).toBeVisible(LOAD);
  const email = uniqueEmail('vierter');
  await form.getByLabel('Vorname', { exact: true }).fill('Vera');
  await form.getByLabel('Nachname', { exact: true }).fill('Viert');
  await form.getByLabel('E-Mail', { exact: true }).fill(email);
  await form.getByLabel('Passwort', { exact: true }).fill('Baustelle1');
  await form.getByRole('button', { name: 'Benutzer erstellen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Zahlung für zusätzlichen Mitarbeiter' });
  await expect(dialog).toBeVisible(LOAD);
  await expect(
    dialog.getByText('Vera Viert braucht einen zusätzlichen bezahlten Platz', { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByTestId('prorata-amount')).toContainText('CHF');
  await dialog.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await payOnCheckoutPage(page, '4242 4242 4242 4242', 'Bezahlen');
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(page.getByText('Zahlung erfolgreich – der Mitarbeiter ist jetzt aktiv').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Deaktivieren: Vera Viert' })).toBeVisible(LOAD);
  const status = await api<{ subscription: { paid_seats: number } }>(page, 'GET', '/api/subscriptions/status');
  expect(status.subscription.paid_seats).toBe(4);
});
