// Issue 29: the barcode scan works offline against the articles kept on the phone. An employee's
// phone (390 px, service worker allowed) opens the materials screen once with reception: the service
// worker keeps the app, and the screen copies the catalogue's articles into IndexedDB
// (apps/mf-time .../materials/offline/offlineArticles.ts). Without reception the fitter scans an
// article's barcode (Chromium's fake camera, barcode-video.ts), records the usage, and it waits in
// the phone's queue; once the connection is back exactly that entry (the client's id) reaches the
// server.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { fakeCameraLaunchOptions } from './barcode-video.js';
import { expect, test } from './diagnostics.js';
import { api, login, registerCompany, selectOption, uniqueEmail } from './support.js';

// Chromium's offline emulation does not cover the service worker's own fetches; with service
// worker network events they reach context.route and are cut there too (as in offline.spec.ts).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const EAN = '7612345000046';

test.use({ permissions: ['camera'], launchOptions: fakeCameraLaunchOptions(EAN) });

const cutServiceWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();

async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**', cutServiceWorker);
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**', cutServiceWorker);
  await context.setOffline(false);
}

/** What the phone keeps in IndexedDB `zunft-materials`: the article copy and the usage queue. */
function phoneStore<T>(page: Page, store: 'articles' | 'usage-queue'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('zunft-materials', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(name)) return resolve([]);
          const all = open.result.transaction(name, 'readonly').objectStore(name).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => resolve(all.result as T[]);
        };
      }),
    store,
  );
}

/** The office: a wholesaler's catalogue with EANs (imported through the API), a project, an employee on it. */
async function officeSetup(office: Page) {
  await registerCompany(office);
  const token = await office.evaluate(
    () => localStorage.getItem('zunft.token') ?? sessionStorage.getItem('zunft.token'),
  );
  const csv =
    'Artikelnummer;Bezeichnung;Einheit;Preis;EAN\n' +
    '200100;FI-Schalter 40A 30mA;Stk;86,50;7612345000039\n' +
    `200200;Abzweigdose UP 60 mm;Stk;1,85;${EAN}\n` +
    '200300;Kabelbinder 200 mm;Pkg;4,20;\n';
  const started = await office.request.post('/api/materials/import', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      supplier: 'Elektro Grosshandel AG',
      file: { name: 'katalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const job = (await started.json()) as { id: string };
  await expect
    .poll(async () => (await api<{ status: string }>(office, 'GET', `/api/materials/import/${job.id}`)).status, {
      timeout: 30_000,
    })
    .toBe('done');
  const employee = { email: uniqueEmail('lager'), password: 'Baustelle1' };
  const user = await api<{ id: string }>(office, 'POST', '/api/users', {
    firstName: 'Marco',
    lastName: 'Keller',
    email: employee.email,
    password: employee.password,
    role: 'employee',
  });
  const customer = await api<{ id: string }>(office, 'POST', '/api/customers', { name: 'Genossenschaft Sonnhalde' });
  const project = await api<{ id: string }>(office, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Umbau Kellerräume',
    status: 'in_progress',
  });
  await api(office, 'POST', `/api/projects/${project.id}/assign`, { userId: user.id });
  return { employee, project };
}

interface QueuedUsage {
  id: string;
  body: { id: string; projectId: string; materialName: string; quantity: number };
}

test('Barcode ohne Empfang: Artikel aus der Kopie auf dem Telefon, Verbrauch wartet und wird nach dem Empfang übertragen', async ({
  page: office,
  browser,
}) => {
  test.setTimeout(180_000);
  const { employee, project } = await officeSetup(office);

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    baseURL: new URL(office.url()).origin,
    serviceWorkers: 'allow',
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // With reception: the service worker installs and takes over; the screen copies the articles.
  await page.goto('/materials');
  await expect(page.getByRole('heading', { name: 'Material', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(page.getByRole('main').getByText('Abzweigdose UP 60 mm')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () =>
      (await phoneStore<{ name: string; ean: string | null }>(page, 'articles')).map((a) => a.ean).sort(),
    )
    .toEqual(['7612345000039', EAN, null].sort());
  // The dialog once online: the service worker keeps the project picker's answer.
  await page.getByRole('button', { name: 'Verbrauch erfassen' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Verbrauch erfassen' });
  await selectOption(page, dialog.getByLabel('Projekt', { exact: true }), /Umbau Kellerräume/);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  // No reception: scan, the article comes from the phone's copy, the usage waits.
  await goOffline(context);
  await page.getByRole('button', { name: 'Verbrauch erfassen' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Verbrauch erfassen' });
  await selectOption(page, dialog.getByLabel('Projekt', { exact: true }), /Umbau Kellerräume/);
  await dialog.getByRole('button', { name: 'Barcode scannen' }).click();
  await expect(page.getByTestId('barcode-video')).toBeVisible();
  await expect(page.getByTestId('barcode-video')).toBeHidden({ timeout: 20_000 });
  await expect(dialog.getByText('Abzweigdose UP 60 mm (CHF 1.85 / Stk)')).toBeVisible();
  await expect(dialog.getByLabel('Menge', { exact: true })).toBeFocused();
  await dialog.getByLabel('Menge', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Erfassen' }).click();
  await expect(
    page.getByText('Ohne Verbindung: Der Verbrauch wird übertragen, sobald das Telefon wieder Empfang hat.').first(),
  ).toBeVisible();
  const waiting = page.getByText('1 Verbrauchseinträge warten auf die Verbindung');
  await expect(waiting).toBeVisible();
  await expect(page.getByText('12 Stk Abzweigdose UP 60 mm · Umbau Kellerräume')).toBeVisible();
  const [queued] = await phoneStore<QueuedUsage>(page, 'usage-queue');
  expect(queued?.body).toMatchObject({ projectId: project.id, materialName: 'Abzweigdose UP 60 mm', quantity: 12 });

  // Reception is back: the queue is sent and empties; the server has exactly that entry.
  await goOnline(context);
  await expect(page.getByText('1 offline erfasste Verbrauchseinträge übertragen').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(waiting).toBeHidden();
  expect(await phoneStore(page, 'usage-queue')).toEqual([]);
  const usage = await api<Array<{ id: string; material_name: string; quantity: number; unit_price: number }>>(
    page,
    'GET',
    '/api/materials/usage/list',
  );
  expect(usage.map((u) => [u.id, u.material_name, u.quantity, u.unit_price])).toEqual([
    [queued!.id, 'Abzweigdose UP 60 mm', 12, 1.85],
  ]);
  await context.close();
});
