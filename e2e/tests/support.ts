import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

export const DEMO = { email: 'demo@zunft.ch', password: 'Demo1234!' };

/**
 * A valid VAT number (UID check digit) for test companies: a company that puts VAT on a quote or an
 * invoice needs one (MWSTG art. 27 para. 2; billing answers 400 without it).
 */
export const E2E_VAT_NUMBER = 'CHE-116.281.710 MWST';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.ch`;
}

export interface RegisteredCompany {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Registers a fresh company through the register page and waits for the dashboard. */
export async function registerCompany(
  page: Page,
  overrides: Partial<RegisteredCompany> = {},
): Promise<RegisteredCompany> {
  const company: RegisteredCompany = {
    companyName: `Testbau ${randomUUID().slice(0, 6)} GmbH`,
    firstName: 'Anna',
    lastName: 'Brunner',
    email: uniqueEmail('admin'),
    password: 'Sicher123',
    ...overrides,
  };
  await page.goto('/register');
  await page.getByLabel('Firmenname', { exact: true }).fill(company.companyName);
  await page.getByLabel('Vorname', { exact: true }).fill(company.firstName);
  await page.getByLabel('Nachname', { exact: true }).fill(company.lastName);
  await page.getByLabel('E-Mail', { exact: true }).fill(company.email);
  await page.getByLabel('Passwort', { exact: true }).fill(company.password);
  const submit = page.getByRole('button', { name: 'Kostenlos registrieren' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return company;
}

export async function login(page: Page, email: string, password: string, rememberMe = false): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Angemeldet bleiben', { exact: true }).check();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** Opens the user menu in the top bar and signs out. */
export async function logout(page: Page): Promise<void> {
  // The menu opens with an animation next to where toasts appear; retry until the click lands.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: 'Abmelden' }).isVisible())) {
      await page.getByRole('button', { name: 'Benutzermenü' }).click();
    }
    await page.getByRole('menuitem', { name: 'Abmelden' }).click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** On a phone the sidebar is a drawer; this opens it when needed. */
export async function openNavigation(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Menü öffnen' });
  if (await burger.isVisible()) await burger.click();
}

/** Clicks an option in the open antd select dropdown. */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/**
 * Opens an antd select by its label and picks an option, until the select shows it (the dropdown
 * animates in; on phones a click during the animation can miss).
 */
export async function selectOption(page: Page, field: Locator, text: string | RegExp): Promise<void> {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.click({ timeout: 2000 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Calls the API with the signed-in user's token (set-up steps a test does not exercise in the UI). */
export async function api<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('zunft.token') ?? sessionStorage.getItem('zunft.token'));
  const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** An employee of the signed-in admin's company, created through the API. */
export async function createEmployee(page: Page, firstName = 'Luca', lastName = 'Meier') {
  const email = uniqueEmail(firstName.toLowerCase());
  await api(page, 'POST', '/api/users', { firstName, lastName, email, password: 'Baustelle1', role: 'employee' });
  return { email, password: 'Baustelle1', name: `${firstName} ${lastName}` };
}

/** The WCAG 2.0/2.1 A and AA rules axe-core checks (issue 15: Contrast and accessibility). */
/** A day as YYYY-MM-DD in Zurich (what the date fields and the server's report period use). */
export function zurichDate(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(date);
}

/**
 * Work of the last hour (within today, so inside the default report period). Several entries of one
 * person may not overlap (issue 24): `slot` of `slots` takes its own part of that time.
 */
export function recentWork(slot = 0, slots = 1): { startTime: string; endTime: string } {
  const now = Date.now();
  const startOfDay = new Date();
  startOfDay.setHours(0, 0, 0, 0);
  const start = Math.max(now - 2 * 3600_000, startOfDay.getTime() + 60_000);
  const part = Math.floor((now - 60_000 - start) / slots);
  return {
    startTime: new Date(start + slot * part).toISOString(),
    endTime: new Date(start + (slot + 1) * part).toISOString(),
  };
}

/** A drawn signature as the canvas gives it (a PNG data URL with strokes, not one colour). */
export async function drawnSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const ctx = canvas.getContext('2d')!;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(10, 70);
    for (let i = 1; i <= 12; i++) ctx.lineTo(10 + i * 23, i % 2 ? 25 : 75);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
}

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What expectAccessible found on one screen (also appended to $A11Y_REPORT as a JSON line when set). */
export interface A11yCount {
  screen: string;
  project: string;
  serious: number;
  total: number;
  /** Every violated rule: id(impact)×elements and the first element. */
  rules: string[];
  /** How long axe took (ms). */
  ms: number;
}

/**
 * Runs axe-core (WCAG 2 A/AA) on the page as it is now and fails (softly, so one test can check
 * several screens) on every serious or critical violation, listing rule, impact, element and
 * axe's summary of what to fix. `total` counts all violating elements, minor and moderate included.
 */
export async function expectAccessible(page: Page, screenName: string): Promise<A11yCount> {
  const started = Date.now();
  // A dialog or drawer that is still zooming/fading in has mid-transition colours (axe measured
  // #5b626b on #d7d7d7 inside an opening antd modal): wait until the page's finite CSS animations and
  // transitions are done (spinners run forever and are left out); at most 3 s, then check anyway.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // resultTypes: only the violations are collected in full. options() replaces all options, so it
  // comes before withTags (which adds runOnly).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(A11Y_TAGS)
    .analyze();
  const lines: string[] = [];
  let total = 0;
  let serious = 0;
  for (const violation of results.violations) {
    total += violation.nodes.length;
    for (const node of violation.nodes) {
      const impact = node.impact ?? violation.impact ?? 'unknown';
      if (impact !== 'serious' && impact !== 'critical') continue;
      serious += 1;
      const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      lines.push(`${violation.id} [${impact}] ${node.target.join(' > ')}: ${summary}`);
    }
  }
  const count: A11yCount = {
    screen: screenName,
    project: test.info().project.name,
    serious,
    total,
    rules: results.violations.map(
      (v) => `${v.id}(${v.impact ?? '?'})×${v.nodes.length} ${v.nodes[0]?.target.join(' > ')}`,
    ),
    ms: Date.now() - started,
  };
  const report = process.env.A11Y_REPORT;
  if (report) await appendFile(report, `${JSON.stringify(count)}\n`);
  expect.soft(lines, `${screenName}: ${serious} serious/critical axe violation(s)\n${lines.join('\n')}`).toEqual([]);
  return count;
}
