import { defineConfig, devices } from '@playwright/test';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// E2E_SLOT (0-9) lets several browser runs share one machine: every port moves by 20 per slot and the
// stack gets its own databases and var directory (see global-setup.ts). CI uses slot 0.
export const E2E_SLOT = Number(process.env.E2E_SLOT ?? 0);
const offset = E2E_SLOT * 20;

export const E2E_PORTS = {
  gateway: 18180 + offset,
  auth: 13181 + offset,
  operations: 13182 + offset,
  billing: 13183 + offset,
  stripe: 13184 + offset,
  remoteStatic: 18190 + offset,
  secondGateway: 18185 + offset,
};

/** The stack's var directory (mail outbox, logs) relative to the repository root. */
export const E2E_VAR_DIR = E2E_SLOT === 0 ? 'var/e2e' : `var/e2e-${E2E_SLOT}`;

/**
 * Office-only flows: what they test has no phone-specific behaviour (no field work, no layout of
 * their own on a phone), so they run on the desktop project only; the phone project runs every other
 * flow (time, reports, expenses, materials, working time, offline, invoices, quotes, accounting, …).
 * Their screens are still checked on the phone by accessibility.spec.ts (axe on /settings, /users,
 * /profile and every other screen). Cuts the phone half of CI's e2e stage (docs/performance.md, «CI time»).
 * A flow that gets phone behaviour leaves this list.
 */
export const DESKTOP_ONLY_SPECS = [
  'accountant.spec.ts', // the Treuhänder's read-only access (issue 26; office work)
  'api-docs.spec.ts', // the merged OpenAPI page (developers)
  'email-verification.spec.ts', // the registration mail's link (registration itself runs on the phone: register-session)
  'remote-down.spec.ts', // the shell's error card for a stopped remote, with a gateway of its own
  'settings-profile.spec.ts', // IBAN/VAT number, logo upload, password rules
  'subscription.spec.ts', // paywall and Stripe checkout (the owner, in the office)
  'superadmin-payment.spec.ts', // the superadmin's CLI link
  'users-roles.spec.ts', // the admin's user administration
];

export default defineConfig({
  testDir: './tests',
  outputDir: E2E_SLOT === 0 ? '../test-results/e2e' : `../test-results/e2e-${E2E_SLOT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORTS.gateway}`,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    trace: 'off',
    // The shell's service worker precaches the whole app in every fresh context: only the offline
    // flow (tests/offline.spec.ts) allows it, the others stay as light as before.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
      testIgnore: DESKTOP_ONLY_SPECS.map((file) => `**/${file}`),
    },
  ],
});
