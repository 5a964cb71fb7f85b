import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import { logout, registerCompany } from './support.js';

/** Every script file of the app: what a phone on slow 4G is still downloading when the frame paints. */
const SCRIPTS = /\.js(\?.*)?$/;

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('App-Gerüst: vor jedem Skript steht der angemeldete Rahmen mit Name und Firma, danach die App', async ({
  page,
}) => {
  const violations = cspViolations(page);
  // Registration remembers the session; the loaded profile is kept next to the token.
  const company = await registerCompany(page, { firstName: 'Mirjam', lastName: 'Odermatt' });
  await expect(page.getByRole('heading', { name: 'Willkommen zurück, Mirjam!' })).toBeVisible();

  // No script arrives (slow reception): index.html alone paints the frame, and the gateway's CSP
  // lets exactly its inline script run.
  await page.route(SCRIPTS, (route) => route.abort());
  await page.reload();
  const frame = page.locator('#app-shell');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(frame.getByText('Willkommen zurück, Mirjam!')).toBeVisible();
  await expect(frame.getByText(company.companyName)).toBeVisible();
  await expect(frame.getByText('Ihre erste Anmeldung – schön, dass Sie da sind.')).toBeVisible();
  await expect(frame.getByText('MO', { exact: true })).toBeVisible();
  const shellBox = await frame.getByText('Willkommen zurück, Mirjam!').boundingBox();

  // The app starts (its styles are there, React renders its start spinner) while the layout's
  // chunk is still on its way: the frame stays, the spinner (base.css puts it at z-index 1500)
  // stays hidden under it; the frame is the loading state.
  await page.unroute(SCRIPTS);
  let releaseLayout = () => {};
  const layoutHeld = new Promise<void>((resolve) => (releaseLayout = resolve));
  await page.route(/\/antd-layout\.[0-9a-f]+\.js$/, async (route) => {
    await layoutHeld;
    await route.continue();
  });
  await page.reload();
  // React's spinner (index.html's has no aria-live): the app's own styles have arrived.
  const spinner = page.locator('#root .boot[aria-live="polite"]');
  await expect(spinner).toHaveCount(1);
  await expect(spinner).toBeHidden();
  await expect(page.locator('#app-shell').getByText('Willkommen zurück, Mirjam!')).toBeVisible();
  releaseLayout();

  // The scripts come: the signed-in layout takes the frame's place, its header exactly where the
  // frame's was (nothing jumps), and the frame is gone.
  const heading = page.getByRole('heading', { name: 'Willkommen zurück, Mirjam!' });
  await expect(heading).toBeVisible();
  await expect(frame).toHaveCount(0);
  const appBox = await heading.boundingBox();
  expect(appBox?.x).toBeCloseTo(shellBox?.x ?? -1, 0);
  expect(appBox?.y).toBeCloseTo(shellBox?.y ?? -1, 0);
  await expect(page.getByRole('button', { name: 'Zeiterfassung starten' })).toBeEnabled();

  // A remote's page: the frame names it in the top bar until the layout is there.
  await page.route(SCRIPTS, (route) => route.abort());
  await page.goto('/customers');
  await expect(frame.getByText('Kunden', { exact: true })).toBeVisible();
  await page.unroute(SCRIPTS);

  // Signing out takes the kept profile with the token: the next visitor of this browser sees no frame.
  await page.goto('/dashboard');
  await expect(heading).toBeVisible();
  await logout(page);
  const kept = await page.evaluate(() => [
    window.localStorage.getItem('zunft.profile'),
    window.sessionStorage.getItem('zunft.profile'),
  ]);
  expect(kept).toEqual([null, null]);
  await page.route(SCRIPTS, (route) => route.abort());
  await page.goto('/dashboard');
  await expect(page.getByText('Wird geladen...')).toBeVisible();
  await expect(frame).toHaveCount(0);
  await page.unroute(SCRIPTS);

  expect(violations).toEqual([]);
});
