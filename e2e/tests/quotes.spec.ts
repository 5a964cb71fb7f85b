// Angebote: the office builds a quote from imported materials and a labour line and sends it; the
// customer opens the link from the e-mail (without an account), signs with a finger/mouse and
// accepts; the office sees 'Angenommen'; the link then answers 410.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E_VAR_DIR } from '../playwright.config.js';
import { E2E_VAT_NUMBER, api, login, logout, registerCompany, selectOption, uniqueEmail } from './support.js';

const OUTBOX = path.resolve(import.meta.dirname, '../..', E2E_VAR_DIR, 'mail-outbox');

/** The acceptance link of the newest mail to `to` in the stack's mail outbox (no SMTP in tests). */
async function acceptanceLinkFor(to: string): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).filter((f) => f.endsWith('.eml'));
    const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })));
    for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
      const raw = (await readFile(path.join(OUTBOX, f), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.includes(to)) continue;
      const match = /https?:\/\/[^\s"<>]+\/quote-acceptance\/[A-Za-z0-9_-]+/.exec(raw);
      if (match) {
        link = match[0];
        return;
      }
    }
    throw new Error(`no mail to ${to} yet`);
  }).toPass({ timeout: 30_000 });
  return link!;
}

async function sign(page: Page) {
  const canvas = page.getByLabel('Unterschriftsfeld');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (i % 2 ? 0.3 : 0.7));
  }
  await page.mouse.up();
}

test('Angebot aus Material und Arbeit, Versand, Annahme mit Unterschrift, Link danach 410', async ({
  page,
  browser,
  baseURL,
}) => {
  // Office, customer and the project made from the event: long on a machine shared by several runs.
  test.setTimeout(180_000);
  const admin = await registerCompany(page);
  const office = { email: uniqueEmail('buero'), password: 'Buero1234' };
  await api(page, 'POST', '/api/users', {
    firstName: 'Beat',
    lastName: 'Büro',
    email: office.email,
    password: office.password,
    role: 'backoffice',
  });
  await api(page, 'PUT', '/api/companies/settings', { default_hourly_rate: 95, vat_number: E2E_VAT_NUMBER });
  const customerEmail = uniqueEmail('kunde');
  const customerName = `Bäckerei Frei ${randomUUID().slice(0, 4)}`;
  await api(page, 'POST', '/api/customers', { name: customerName, email: customerEmail, city: 'Thun' });
  await api(page, 'POST', '/api/materials', {
    name: 'Kabel NYM 3x1.5',
    unit: 'm',
    unitPrice: 2.35,
    stockQuantity: 200,
  });
  await api(page, 'POST', '/api/materials', { name: 'Steckdose T13', unit: 'Stk', unitPrice: 12.9, stockQuantity: 40 });
  expect(admin.email).toBeTruthy();

  // The office (backoffice) builds the quote.
  await logout(page);
  await login(page, office.email, office.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/quotes');
  await expect(page.getByText('Keine Angebote').first()).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Neues Angebot' }).first().click();
  const form = page.getByRole('dialog', { name: 'Neues Angebot' });
  await selectOption(page, form.getByLabel('Kunde', { exact: true }), customerName);
  await form.getByLabel('Titel', { exact: true }).fill('Elektroinstallation Backstube');

  await form.getByRole('button', { name: 'Materialien importieren' }).click();
  const picker = page.getByRole('dialog', { name: 'Materialien importieren' });
  await picker.getByLabel('Kabel NYM 3x1.5 auswählen').check();
  await picker.getByLabel('Steckdose T13 auswählen').check();
  await picker.getByRole('button', { name: 'Importieren' }).click();
  await expect(page.getByText('2 Materialien importiert').first()).toBeVisible();

  await form.getByRole('button', { name: 'Position hinzufügen' }).click();
  const labour = form.getByRole('group', { name: 'Position 3' });
  await selectOption(page, labour.getByLabel('Typ', { exact: true }), 'Arbeit');
  await expect(labour.getByLabel('Einheit', { exact: true })).toHaveValue('h');
  await expect(labour.getByLabel('Einzelpreis', { exact: true })).toHaveValue(/^95(\.00)?$/);
  await labour.getByLabel('Bezeichnung', { exact: true }).fill('Montage Elektriker');
  await labour.getByLabel('Menge', { exact: true }).fill('6');
  await form.getByRole('group', { name: 'Position 1' }).getByLabel('Menge', { exact: true }).fill('25');
  await form.getByRole('group', { name: 'Position 2' }).getByLabel('Menge', { exact: true }).fill('4');
  // 25 × 2.35 + 4 × 12.90 + 6 × 95 = 680.35; VAT 8.1 % = 55.11; 735.46 → 735.45 (5 Rappen).
  const totals = form.getByRole('region', { name: 'Zusammenfassung' }).or(form.getByLabel('Zusammenfassung'));
  await expect(totals.first()).toContainText('735.45');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Angebot erfolgreich erstellt!').first()).toBeVisible();

  const main = page.getByRole('main');
  const row = main.locator('tr, .ant-card').filter({ hasText: 'Elektroinstallation Backstube' }).last();
  await expect(row.getByText('Entwurf')).toBeVisible();
  await row.getByRole('button', { name: 'Senden' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText(`Angebot wurde an ${customerName} gesendet`).first()).toBeVisible();
  await expect(row.getByText('Versendet')).toBeVisible();

  // The customer, on their own device without an account, opens the link from the e-mail.
  const link = await acceptanceLinkFor(customerEmail);
  const token = link.split('/').pop()!;
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale } = test.info().project.use;
  const customer = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, baseURL });
  const cpage = await customer.newPage();
  await cpage.goto(`/quote-acceptance/${token}`);
  await expect(cpage.getByText('Elektroinstallation Backstube').first()).toBeVisible();
  await expect(cpage.getByText('735.45').first()).toBeVisible();
  await cpage.getByRole('button', { name: 'Angebot annehmen' }).click();
  await expect(cpage.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await cpage.getByLabel('Name', { exact: true }).fill('  Erika Frei ');
  await cpage.getByLabel('E-Mail', { exact: true }).fill(customerEmail);
  await sign(cpage);
  await cpage.getByLabel(/Ich habe das Angebot geprüft/).check();
  await cpage.getByRole('button', { name: 'Angebot annehmen' }).click();
  await expect(cpage.getByText('Vielen Dank! Das Angebot wurde angenommen.')).toBeVisible();

  // The link works once.
  const again = await cpage.request.get(`/api/quote-acceptance/${token}`);
  expect(again.status()).toBe(410);
  await cpage.reload();
  await expect(
    cpage.getByText(/Dieses Angebot wurde bereits beantwortet\.|Dieser Link ist abgelaufen\./),
  ).toBeVisible();
  await customer.close();

  // The office sees the acceptance with the signer.
  await page.reload();
  await expect(row.getByText('Angenommen')).toBeVisible();
  await row.getByText('Elektroinstallation Backstube').first().click();
  await expect(page.getByText(/Angenommen von Erika Frei am/).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Unterschrift von Erika Frei' })).toBeVisible();

  // One click turns the accepted quote into a project (operations creates it from the event).
  // The answer is checked first, so a failure names the server's status and text, not a missing toast;
  // a click that sends nothing fails within 30 s and says so (CI once waited 180 s for it on the phone).
  const requested = page
    .waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/create-project'), {
      timeout: 30_000,
    })
    .catch(() => null);
  const createButton = page.getByRole('dialog').getByRole('button', { name: /Projekt erstellen/ });
  await createButton.scrollIntoViewIfNeeded();
  await createButton.click();
  const request = await requested;
  if (!request) throw new Error('«Projekt erstellen» geklickt, aber kein POST …/create-project gesendet');
  const answer = await request.response();
  if (!answer) throw new Error('POST …/create-project ohne Antwort');
  expect(answer.status(), await answer.text()).toBe(202);
  await expect(page.getByText('Projekt wird erstellt').first()).toBeVisible();
  await expect(async () => {
    await page.goto('/projects');
    await expect(page.getByRole('main').getByText('Elektroinstallation Backstube').first()).toBeVisible({
      timeout: 5000,
    });
  }).toPass({ timeout: 60_000 });
});
