// Issue 15 (languages): a company registered in French works in French from the first toast on;
// a user switches their own language to Italian in the profile and the whole UI follows at once.
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { login, logout, registerCompany, selectOption, uniqueEmail } from './support.js';

const PASSWORD = 'Sicher123';

/** The access token the shell holds (the session's language claim is in it). */
async function tokenClaims(page: Page): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => localStorage.getItem('zunft.token') ?? sessionStorage.getItem('zunft.token'));
  expect(token).toBeTruthy();
  return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

test('Französische Firma: Toast und Dashboard französisch, Profil auf Italienisch stellt alles um', async ({
  page,
}) => {
  const email = uniqueEmail('romand');

  // The register page is German (the visitor chose nothing); the company's language is French.
  await page.goto('/register');
  await page.getByLabel('Firmenname', { exact: true }).fill('Électricité Dubois SA');
  await page.getByLabel('Vorname', { exact: true }).fill('Anne');
  await page.getByLabel('Nachname', { exact: true }).fill('Dubois');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.locator('select[name="language"]').selectOption('fr');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kostenlos registrieren' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Entreprise inscrite avec succès !')).toBeVisible();
  await expect(page.getByText('Firma erfolgreich registriert!')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Bon retour, Anne !' })).toBeVisible();
  expect(await tokenClaims(page)).toMatchObject({ language: 'fr' });

  // Signed out with no trace (another device): the login page is German, and the toast right after
  // login is already French.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Connexion réussie !')).toBeVisible();
  await expect(page.getByText('Erfolgreich angemeldet!')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Bon retour, Anne !' })).toBeVisible();
  await expect(page.getByText('Actions rapides').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

  // The profile: switching to Italian changes the UI at once and is stored with the user.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  const select = page.getByLabel('Ma langue', { exact: true });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click({ timeout: 2000 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Italiano' })
      .first()
      .click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Il mio profilo' })).toBeVisible();
  await expect(page.getByText('Lingua salvata')).toBeVisible();
  await expect.poll(async () => (await tokenClaims(page)).language).toBe('it');

  await page.goto('/dashboard');
  await expect(page.getByText('Azioni rapide').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Azioni rapide').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');

  // The company stays French: a new employee the admin creates starts in French.
  const token = await page.evaluate(() => localStorage.getItem('zunft.token') ?? sessionStorage.getItem('zunft.token'));
  const headers = { authorization: `Bearer ${token}` };
  const lucEmail = uniqueEmail('luc');
  const created = await page.request.post('/api/users', {
    headers,
    data: { firstName: 'Luc', lastName: 'Favre', email: lucEmail, password: PASSWORD, role: 'employee' },
  });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({ language: 'fr' });

  // Server messages (catalogue in libs/contracts/src/messages) follow the user's language from the token:
  // a customer without a name (operations) ...
  const customer = await page.request.post('/api/customers', { headers, data: { name: '' } });
  expect(customer.status()).toBe(400);
  expect((await customer.json()).error).toBe('Nome dell’azienda / nome: campo obbligatorio');
  // ... and a taken e-mail in the profile form (auth), shown in the screen's toast.
  await page.goto('/profile');
  await page.getByLabel('E-mail', { exact: true }).fill(lucEmail);
  await page.getByRole('button', { name: 'Salva profilo' }).click();
  await expect(page.getByText('Questo indirizzo e-mail è già registrato')).toBeVisible();
  await expect(page.getByText('Diese E-Mail-Adresse ist bereits registriert')).toHaveCount(0);
});

test('Login auf Italienisch: der Fehler des Servers kommt italienisch (Accept-Language)', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('banner').getByLabel('Sprache').selectOption('it');
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('nessuno'));
  await page.getByLabel('Password', { exact: true }).fill('sbagliata1');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByText('E-mail o password errata').first()).toBeVisible();
  await expect(page.getByText('E-Mail oder Passwort ist falsch')).toHaveCount(0);
});

test('Französischer Mitarbeiter: das leere Kundenformular meldet das Pflichtfeld französisch', async ({ page }) => {
  // A German company; the admin creates an office user who speaks French (language select of the
  // user dialog, default: the company's language).
  await registerCompany(page);
  await page.goto('/users?action=create');
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Vorname', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The language field is optional (the company's language when nothing is chosen), so its label reads
  // "Sprache (optional)"; it starts with the company's language.
  const language = form.getByLabel(/^Sprache/);
  await expect(
    language.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]'),
  ).toContainText('Deutsch');
  const office = { email: uniqueEmail('bureau'), password: PASSWORD };
  await form.getByLabel('Vorname', { exact: true }).fill('Chloé');
  await form.getByLabel('Nachname', { exact: true }).fill('Rochat');
  await form.getByLabel('E-Mail', { exact: true }).fill(office.email);
  await form.getByLabel('Passwort', { exact: true }).fill(office.password);
  await selectOption(page, form.getByLabel('Rolle', { exact: true }), 'Büro');
  await selectOption(page, language, 'Französisch');
  await form.getByRole('button', { name: 'Benutzer erstellen' }).click();
  await expect(page.getByRole('main').getByText('Chloé Rochat').first()).toBeVisible({ timeout: 30_000 });

  await logout(page);
  await login(page, office.email, office.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await tokenClaims(page)).toMatchObject({ language: 'fr' });

  // The empty customer form: antd shows the schema's message, translated through the server's
  // catalogue (the same words the server answers), on the field itself.
  await page.goto('/customers?action=create');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Raison sociale / Nom', { exact: true })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  const nameItem = dialog
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('Raison sociale / Nom', { exact: true }) });
  await expect(nameItem.getByText('Nom de l’entreprise / nom : saisie obligatoire')).toBeVisible();
  await expect(dialog.getByText(/ist erforderlich/)).toHaveCount(0);
  // An invalid e-mail address: the French catalogue text as well.
  await dialog.getByLabel('E-mail', { exact: true }).fill('pas-une-adresse');
  await expect(dialog.getByText('Veuillez saisir une adresse e-mail valable')).toBeVisible();
});
