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

export const E2E_PORTS = {
  gateway: 18180,
  auth: 13181,
  operations: 13182,
  billing: 13183,
  stripe: 13184,
  remoteStatic: 18190,
  secondGateway: 18185,
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
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
    },
  ],
});
