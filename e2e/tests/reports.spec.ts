// Rapporte: the office generates a report from a project's recorded hours and material and uploads
// a photo; the customer opens the signature link on their own device (no account), signs with the
// mouse/finger and submits; the office sees 'Unterschrieben' with the signer's name; the link then
// answers 410. Signing on the office's device works too.
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { api, openNavigation, recentWork, registerCompany, selectOption, uniqueEmail } from './support.js';

/** A 2×2 PNG (a photo stand-in: the server makes a thumbnail of it). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

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

/** Generates a report of the project through the dialog (default period) and waits for its detail. */
async function generateReport(page: Page, projectLabel: string, title: string) {
  await page.getByRole('main').getByRole('button', { name: 'Rapport generieren' }).first().click();
  const form = page.getByRole('dialog').filter({ hasText: 'Zeitraum von' });
  await selectOption(page, form.getByLabel('Projekt', { exact: true }), projectLabel);
  await form.getByLabel('Titel (optional)').fill(title);
  const download = page.waitForEvent('download', { timeout: 45_000 });
  await form.getByRole('button', { name: 'Generieren' }).click();
  await expect(page.getByText(/Rapport R-\d{4}-\d{4} generiert/).first()).toBeVisible({ timeout: 30_000 });
  // Part 2 §4: the PDF downloads by itself a second later.
  expect((await download).suggestedFilename()).toMatch(/^Rapport-R-\d{4}-\d{4}\.pdf$/);
  const detail = page.getByRole('dialog').filter({ hasText: 'Digitale Unterschrift' });
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  return detail;
}

test('Rapport generieren, Foto hochladen, Kunde unterschreibt per Link, Büro sieht «Unterschrieben», Link danach 410', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await registerCompany(page, { firstName: 'Anna', lastName: 'Brunner' });
  const customerEmail = uniqueEmail('kunde');
  const customerName = `Metzgerei Frei ${randomUUID().slice(0, 4)}`;
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: customerName,
    email: customerEmail,
    city: 'Thun',
  });
  const project = await api<{ id: string; project_number: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Kühlraum Elektro',
    status: 'in_progress',
  });
  await api(page, 'POST', '/api/time-entries', {
    projectId: project.id,
    ...recentWork(),
    breakMinutes: 0,
    description: 'Leitungen verlegt',
  });
  const material = await api<{ id: string }>(page, 'POST', '/api/materials', {
    name: 'Kabel NYM 5x2.5',
    unit: 'm',
    unitPrice: 4.2,
    stockQuantity: 100,
  });
  const usage = await api<{ id: string }>(page, 'POST', '/api/materials/usage', {
    projectId: project.id,
    materialId: material.id,
    quantity: 12,
    usageDate: new Date().toISOString().slice(0, 10),
  });
  await api(page, 'POST', `/api/materials/usage/${usage.id}/approve`);

  // The sidebar entry 'Rapporte' leads to the screen.
  // (the collapsed desktop sidebar widens under the pointer; retry until the click lands)
  await expect(async () => {
    const nav = page.getByRole('complementary', { name: 'Hauptnavigation' });
    // On a phone the sidebar is a drawer, inert while closed.
    if (await nav.evaluate((el) => (el as HTMLElement).inert)) await openNavigation(page);
    await nav.getByRole('link', { name: 'Rapporte', exact: true }).click({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/reports$/, { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  // The first load of the remote can take a while on a busy machine.
  await expect(page.getByText('Keine Rapporte').first()).toBeVisible({ timeout: 60_000 });

  const detail = await generateReport(page, 'Kühlraum Elektro', 'Kühlraum November');
  await expect(detail.getByText('Anna Brunner').first()).toBeVisible();
  await expect(detail.getByText('Kabel NYM 5x2.5')).toBeVisible();

  // A photo from the site.
  await detail.getByTestId('report-image-input').setInputFiles({
    name: 'baustelle.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(page.getByText('1 Bild hochgeladen').first()).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByRole('img', { name: 'baustelle.png' })).toBeVisible();

  // The link for the customer (sent by e-mail as well; here copied from the dialog).
  await detail.getByRole('button', { name: 'Unterschriftslink' }).click();
  const link = await detail.getByLabel('Link für den Kunden').inputValue();
  const token = link.split('/').pop()!;
  expect(link).toMatch(/\/signature\/[A-Za-z0-9_-]{22,}$/);

  // The customer, on their own device without an account.
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale } = test.info().project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, baseURL });
  const cpage = await context.newPage();
  await cpage.goto(`/signature/${token}`);
  await expect(cpage.getByRole('heading', { name: 'Kühlraum November' })).toBeVisible({ timeout: 30_000 });
  await expect(cpage.getByText('Kabel NYM 5x2.5')).toBeVisible();
  await expect(cpage.getByRole('img', { name: 'baustelle.png' })).toBeVisible();
  // No antd on the customer's page.
  expect(await cpage.locator('[class*="ant-"]').count()).toBe(0);
  await cpage.getByRole('button', { name: 'Rapport unterschreiben' }).click();
  await expect(cpage.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await expect(cpage.getByText('Bitte unterschreiben Sie im Feld oben.')).toBeVisible();
  await cpage.getByLabel('Name', { exact: true }).fill('  Erika Frei ');
  await cpage.getByLabel('E-Mail', { exact: true }).fill(customerEmail);
  await sign(cpage);
  await cpage.getByLabel(/akzeptiere die digitale Unterschrift als rechtsverbindlich/).check();
  await cpage.getByRole('button', { name: 'Rapport unterschreiben' }).click();
  await expect(cpage.getByText('Vielen Dank! Der Rapport wurde unterschrieben.')).toBeVisible({ timeout: 45_000 });
  const pdfLink = cpage.getByRole('link', { name: 'Unterschriebenen Rapport herunterladen (PDF)' });
  const pdf = await cpage.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The link works once.
  expect((await cpage.request.get(`/api/signature/${token}`)).status()).toBe(410);
  await cpage.reload();
  await expect(cpage.getByText('Dieser Link ist abgelaufen.')).toBeVisible();
  await context.close();

  // The office sees the signature with the signer's name.
  await page.reload();
  const row = page.getByRole('main').locator('tr, .ant-card').filter({ hasText: 'Kühlraum November' }).last();
  await expect(row.getByText('Unterschrieben')).toBeVisible({ timeout: 60_000 });
  await row.getByText('Kühlraum November').first().click();
  await expect(page.getByTestId('signature-state')).toContainText(/Unterschrieben am .* von Erika Frei/);
  await expect(page.getByRole('dialog').getByRole('button', { name: /Bilder hochladen/ })).toHaveCount(0);
});

test('Rapport: Status durch das Büro (versendet → abgelehnt → Entwurf), auf dem Gerät unterschreiben, genehmigen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerCompany(page);
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: `Café Rossi ${randomUUID().slice(0, 4)}`,
    email: uniqueEmail('rossi'),
  });
  const project = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Lüftung Café',
    status: 'in_progress',
  });
  await api(page, 'POST', '/api/time-entries', { projectId: project.id, ...recentWork(), breakMinutes: 0 });

  await page.goto('/reports');
  await expect(page.getByText('Keine Rapporte').first()).toBeVisible({ timeout: 60_000 });
  const detail = await generateReport(page, 'Lüftung Café', 'Lüftung November');

  // The office's status changes: mailed (sent), marked rejected, back to draft — each asks first.
  await detail.getByRole('button', { name: 'An Kunden senden' }).click();
  const send = page.getByRole('dialog').filter({ hasText: 'Rapport an den Kunden senden' });
  // The server renders the PDF before it mails: the answer says what happened when the toast is missing.
  const answer = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && /\/api\/reports\/[^/]+\/send-to-customer$/.test(new URL(r.url()).pathname),
    { timeout: 70_000 },
  );
  await send.getByRole('button', { name: 'Senden' }).click();
  const sent = await answer;
  expect(sent.status(), `POST …/send-to-customer: ${await sent.text()}`).toBe(200);
  await expect(page.getByText(/Rapport wurde an .* gesendet/).first()).toBeVisible();
  // The status tag in the dialog's facts (bordered: a table).
  const status = detail.locator('.ant-descriptions .ant-tag');
  await expect(status).toHaveText('Versendet');
  await detail.getByRole('button', { name: 'Als abgelehnt markieren' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'als abgelehnt markieren?' });
  await expect(confirm).toContainText('Der Unterschriftslink des Kunden wird damit ungültig.');
  await confirm.getByRole('button', { name: 'Als abgelehnt markieren' }).click();
  await expect(page.getByText('Rapport als abgelehnt markiert').first()).toBeVisible();
  await expect(status).toHaveText('Abgelehnt');
  await expect(detail.getByRole('button', { name: 'Als abgelehnt markieren' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Zurück in Entwurf' }).click();
  await page
    .getByRole('tooltip')
    .filter({ hasText: 'zurück in Entwurf setzen?' })
    .getByRole('button', { name: 'Zurück in Entwurf' })
    .click();
  await expect(page.getByText('Rapport zurück in Entwurf gesetzt').first()).toBeVisible();
  await expect(status).toHaveText('Entwurf');

  await detail.getByRole('button', { name: /Auf diesem Gerät unterschreiben/ }).click();
  const modal = page
    .getByRole('dialog')
    .filter({ hasText: 'Rapport unterschreiben' })
    .filter({ has: page.getByLabel('Unterschriftsfeld') });
  await expect(modal.getByLabel('Unterschriftsfeld')).toBeVisible();
  await modal.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
  await expect(modal.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await expect(modal.getByText('Bitte unterschreiben Sie im Feld oben.')).toBeVisible();
  await expect(modal.getByText('Bitte bestätigen Sie Ihr Einverständnis.')).toBeVisible();
  await modal.getByLabel('Name', { exact: true }).fill('Marco Rossi');
  await sign(page);
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
  await expect(page.getByText('Unterschrift gespeichert').first()).toBeVisible({ timeout: 45_000 });
  await expect(detail.getByTestId('signature-state')).toContainText(/Unterschrieben am .* von Marco Rossi/);

  // Signed → approved.
  await detail.getByRole('button', { name: 'Genehmigen' }).click();
  await expect(page.getByText('Rapport genehmigt').first()).toBeVisible();
  await expect(status).toHaveText('Genehmigt');
  await expect(detail.getByRole('button', { name: 'Genehmigen' })).toHaveCount(0);
});
