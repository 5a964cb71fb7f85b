// Issue 14: time tracking without reception. A signed-in employee on a phone (390 px) reloads
// /time-tracking with no network and the page renders from the service worker; starts and stops a
// timer offline; once the connection is back exactly one entry with the tapped times reaches the
// server, and replaying the same queued entry again creates nothing. The same queue is delivered
// by Background Sync (the service worker's `sync` event, relayed to the open page) without the
// page's `online` replay; and a new service worker waits for "neu laden" before it takes over.
import { expect, test } from './diagnostics.js';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { api, login, registerCompany, selectOption, uniqueEmail } from './support.js';

// Chromium's offline emulation does not cover the service worker's own fetches; with service
// worker network events they reach context.route and are cut there too (see goOffline).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

interface QueuedBody {
  id: string;
  projectId: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
}

interface TimeEntry {
  id: string;
  project_id: string;
  start_time: string;
  end_time: string | null;
}

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

/** The entries waiting in the phone's IndexedDB queue (apps/mf-time .../offline/offlineQueue.ts). */
function queuedBodies(page: Page): Promise<QueuedBody[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedBody[]>((resolve, reject) => {
        const open = indexedDB.open('zunft-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('time-entries', 'readonly').objectStore('time-entries').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => resolve((all.result as { body: QueuedBody }[]).map((e) => e.body));
        };
      }),
  );
}

async function myEntries(page: Page): Promise<TimeEntry[]> {
  const list = await api<{ items: TimeEntry[] }>(page, 'GET', '/api/time-entries?page=1&pageSize=50');
  return list.items;
}

/**
 * The office (its own browser, no service worker): an employee, a customer and a project the
 * employee is assigned to.
 */
async function fieldWorker(office: Page) {
  await registerCompany(office);
  const employee = { email: uniqueEmail('feld'), password: 'Baustelle1' };
  const user = await api<{ id: string }>(office, 'POST', '/api/users', {
    firstName: 'Nina',
    lastName: 'Feld',
    email: employee.email,
    password: employee.password,
    role: 'employee',
  });
  const customer = await api<{ id: string }>(office, 'POST', '/api/customers', {
    name: 'Bäckerei Huber AG',
    city: 'Bern',
  });
  const project = await api<{ id: string }>(office, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Leitungsbau Tunnel',
  });
  await api(office, 'POST', `/api/projects/${project.id}/assign`, { userId: user.id });
  return { employee, project };
}

/**
 * The employee's phone, with the service worker allowed. It opens time tracking once with
 * reception: the service worker installs and keeps the app, the remote and the project list.
 */
async function phoneWithServiceWorker(browser: Browser, office: Page, employee: { email: string; password: string }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    baseURL: new URL(office.url()).origin,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/time-tracking');
  // The first visit loads the remote while the service worker installs (busy CI machines: slow).
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Projekt', exact: true }).first()).toBeVisible();
  return { context, page };
}

/** Starts and stops the timer without reception: one entry waits in the queue. */
async function timerOffline(page: Page): Promise<QueuedBody> {
  await selectOption(page, page.getByRole('combobox', { name: 'Projekt', exact: true }).first(), /Leitungsbau Tunnel/);
  await page.getByRole('button', { name: /Starten/ }).click();
  await expect(page.getByText('Timer läuft').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /Stopp/ }).click();
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText('Zeiteintrag gespeichert – offline, wird synchronisiert').first()).toBeVisible();
  await expect(page.getByTestId('offline-entry')).toHaveCount(1);
  const queued = await queuedBodies(page);
  expect(queued).toHaveLength(1);
  return queued[0]!;
}

test('Zeiterfassung ohne Empfang: Seite lädt offline, Timer läuft offline, genau ein Eintrag nach dem Sync', async ({
  page: office,
  browser,
}) => {
  test.setTimeout(150_000);
  const { employee, project } = await fieldWorker(office);
  const { context, page } = await phoneWithServiceWorker(browser, office, employee);

  // No reception: a reload still shows the page.
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible({ timeout: 20_000 });

  // Start and stop the timer offline.
  await selectOption(page, page.getByRole('combobox', { name: 'Projekt', exact: true }).first(), /Leitungsbau Tunnel/);
  const startedAfter = Date.now();
  await page.getByRole('button', { name: /Starten/ }).click();
  await expect(page.getByText('Timer läuft').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('offline – wird synchronisiert').first()).toBeVisible();
  const startedBefore = Date.now();
  await page.getByRole('button', { name: /Stopp/ }).click();
  const stoppedAfter = Date.now();
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText('Zeiteintrag gespeichert – offline, wird synchronisiert').first()).toBeVisible();
  const stoppedBefore = Date.now();
  await expect(page.getByTestId('offline-entry')).toHaveCount(1);
  await expect(page.getByTestId('offline-entry')).toContainText('offline – wird synchronisiert');
  const [queued] = await queuedBodies(page);
  expect(queued).toBeDefined();
  expect(queued!.projectId).toBe(project.id);

  // Reception is back: the queue is replayed and empties.
  await goOnline(context);
  await expect(page.getByTestId('offline-entry')).toHaveCount(0, { timeout: 30_000 });
  expect(await queuedBodies(page)).toEqual([]);

  // Exactly one entry on the server, with the client's id and the times of the taps.
  const entries = await myEntries(page);
  expect(entries).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry.id).toBe(queued!.id);
  expect(entry.project_id).toBe(project.id);
  const start = Date.parse(entry.start_time);
  const end = Date.parse(entry.end_time ?? '');
  expect(start).toBeGreaterThanOrEqual(startedAfter - 1000);
  expect(start).toBeLessThanOrEqual(startedBefore + 1000);
  expect(end).toBeGreaterThanOrEqual(stoppedAfter - 1000);
  expect(end).toBeLessThanOrEqual(stoppedBefore + 1000);
  await expect(page.getByText('Leitungsbau Tunnel').first()).toBeVisible();

  // A second replay of the same queued entry (the first answer lost) creates nothing.
  const again = await api<{ id: string }>(page, 'POST', '/api/time-entries', queued);
  expect(again.id).toBe(queued!.id);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  expect(await myEntries(page)).toHaveLength(1);
  await context.close();
});

test('Background Sync: der Service Worker lässt die offene Seite die Warteschlange senden, ohne `online`', async ({
  page: office,
  browser,
}) => {
  test.setTimeout(150_000);
  const { employee, project } = await fieldWorker(office);
  const { context, page } = await phoneWithServiceWorker(browser, office, employee);
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible({ timeout: 20_000 });
  // What the page hears from its service worker, and the `online` event kept from the page's own
  // replay (a capturing listener runs first at the window and stops the others).
  await page.evaluate(() => {
    const w = window as unknown as { swMessages: unknown[]; onlineStopped: number };
    w.swMessages = [];
    w.onlineStopped = 0;
    navigator.serviceWorker.addEventListener('message', (event) => w.swMessages.push(event.data));
    window.addEventListener(
      'online',
      (event) => {
        w.onlineStopped += 1;
        event.stopImmediatePropagation();
      },
      { capture: true },
    );
  });
  const posts: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/time-entries') posts.push(Date.now());
  });

  const queued = await timerOffline(page);
  expect(queued.projectId).toBe(project.id);
  // The queue asked for a sync event (Chromium has SyncManager).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain('zunft-time-queue');
  expect(posts).toEqual([]);

  // Reception is back: the browser fires `sync`, the worker asks the page, the page replays. The
  // page's own `online` replay never runs and the page is not reloaded (no app-start replay).
  await goOnline(context);
  await expect(page.getByTestId('offline-entry')).toHaveCount(0, { timeout: 30_000 });
  expect(await queuedBodies(page)).toEqual([]);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { swMessages: unknown[]; onlineStopped: number };
    return { swMessages: w.swMessages, onlineStopped: w.onlineStopped };
  });
  expect(seen.onlineStopped).toBe(1);
  expect(seen.swMessages).toEqual([{ type: 'ZUNFT_SYNC', tag: 'zunft-time-queue' }]);
  // The entry went out once, and only the worker's request can have started it.
  expect(posts).toHaveLength(1);
  const entries = await myEntries(page);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.id).toBe(queued.id);
  expect(entries[0]!.project_id).toBe(project.id);
  await context.close();
});

test('Neue Version: der neue Service Worker wartet auf «neu laden», dann lädt die Seite einmal neu', async ({
  page: office,
  browser,
}) => {
  test.setTimeout(180_000);
  const { employee } = await fieldWorker(office);
  const { context, page } = await phoneWithServiceWorker(browser, office, employee);
  const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(await controller()).toMatch(/\/sw\.js$/);

  // A new version of the worker (another script URL of the same scope is one, even with the same
  // bytes): it installs and waits, the page offers it.
  await page.evaluate(() =>
    navigator.serviceWorker.register('/sw.js?version=neu', { scope: '/' }).then(() => undefined),
  );
  const banner = page.getByRole('status').filter({ hasText: 'Neue Version verfügbar' });
  await expect(banner).toHaveText('Neue Version verfügbar – neu laden', { timeout: 30_000 });
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? null),
  ).toMatch(/\/sw\.js\?version=neu$/);
  // It waits for the user: the old worker still controls the page.
  expect(await controller()).toMatch(/\/sw\.js$/);

  // "neu laden": the new worker takes over and the page loads again with it. Chromium switches
  // only once the older worker is idle and stopped; a request reaching it while it stops starts it
  // again, and once hung this test until Chromium's 5-minute limit. The page now pauses its
  // queries and the new worker repeats skipWaiting() (sw.ts, takeOver).
  let loads = 0;
  page.on('load', () => (loads += 1));
  await Promise.all([
    page.waitForEvent('load', { timeout: 60_000 }),
    banner.getByRole('button', { name: 'neu laden' }).click(),
  ]);
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible({ timeout: 30_000 });
  expect(await controller()).toMatch(/\/sw\.js\?version=neu$/);
  expect(loads).toBe(1);
  await context.close();
});
