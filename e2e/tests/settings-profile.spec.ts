import { expect, test } from './diagnostics.js';
import { registerCompany } from './support.js';

test('Einstellungen: IBAN und MWST-Nummer werden geprüft und gespeichert', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/settings?tab=billing');
  const iban = page.getByLabel(/^IBAN/);
  await iban.fill('CH00 1234');
  const save = page.getByRole('button', { name: 'Rechnungsangaben speichern' });
  await save.click();
  await expect(page.getByText(/Ungültige IBAN/).first()).toBeVisible();
  await iban.fill('CH93 0076 2011 6238 5295 7');
  await page.getByLabel(/^MWST-Nummer/).fill('CHE-116.281.710 MWST');
  await save.click();
  await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^IBAN/)).toHaveValue(/CH93 ?0076/);
  await expect(page.getByLabel(/^MWST-Nummer/)).toHaveValue('CHE-116.281.710 MWST');

  await page.goto('/settings?tab=payments');
  await expect(page.getByText(/Testphase/).first()).toBeVisible();
});

test('Profil: Name ändern, Passwortregeln', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/profile');
  await page.getByLabel('Vorname', { exact: true }).fill('Annette');
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page.getByText('Profil gespeichert').first()).toBeVisible();
  // The session user is refreshed: the top bar shows the new name.
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toContainText('Annette');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('abcdef');
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('abcdeg');
  await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeDisabled();
});

test('Firmenlogo: echtes PNG wird übernommen, getarnte Datei abgelehnt', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/settings?tab=general');
  const input = page.locator('input[type=file]');
  // A text file that only claims to be a PNG: the server checks the content.
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild, nur Text') });
  await expect(page.getByText('Ungültiger Dateityp. Erlaubt: JPG, PNG, GIF, WebP').first()).toBeVisible();
  // A real 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Logo hochgeladen').first()).toBeVisible();
  const img = page.getByRole('img', { name: 'Firmenlogo' });
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  const res = await page.request.get(new URL(src!, page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
});
