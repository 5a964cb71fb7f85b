// What a failed browser flow leaves for the reader of the CI output, which keeps nothing but the
// printed text: every API call of the page that answered an error or never answered, the toasts
// and alerts on screen, and the browser console's errors. Attached as text, so the list reporter
// prints it under the failure (the screenshot file does not survive CI).
import { test as base, type Page, type Request, type TestInfo } from '@playwright/test';

interface Entry {
  line: string;
}

const MAX_LINES = 40;

/** Records one page's failed API calls and console errors; `report` says what was still pending. */
export function watchPage(page: Page) {
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const entries: Entry[] = [];
  const pending = new Map<Request, number>();
  const push = (line: string): Entry => {
    const entry = { line: `${since()}  ${line}` };
    entries.push(entry);
    if (entries.length > MAX_LINES) entries.shift();
    return entry;
  };
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const label = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;

  page.on('request', (request) => {
    if (isApi(request)) pending.set(request, Date.now());
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isApi(request)) return;
    pending.delete(request);
    if (response.status() < 400) return;
    // The status now; the body (the server's German text) when it has arrived.
    const entry = push(`${label(request)} → ${response.status()}`);
    void response
      .text()
      .then((body) => {
        entry.line += ` ${body.slice(0, 300)}`;
      })
      .catch(() => undefined);
  });
  page.on('requestfailed', (request) => {
    if (!isApi(request)) return;
    pending.delete(request);
    push(`${label(request)} → ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') push(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => push(`page error: ${error.message.slice(0, 300)}`));

  return {
    async report(): Promise<string> {
      const lines = entries.map((e) => e.line);
      for (const [request, at] of pending) {
        lines.push(`${since()}  ${label(request)} → no answer after ${((Date.now() - at) / 1000).toFixed(1)} s`);
      }
      const onScreen = await page
        .locator('.toaster .toast, .ant-alert, [role="alert"]')
        .allInnerTexts()
        .catch(() => [] as string[]);
      for (const text of onScreen) if (text.trim()) lines.push(`on screen: ${text.replace(/\s+/g, ' ').trim()}`);
      lines.push(`url: ${page.url()}`);
      return lines.join('\n');
    },
  };
}

async function attachReport(testInfo: TestInfo, report: string) {
  await testInfo.attach('Browser-Diagnose (API-Fehler, offene Anfragen, Meldungen)', {
    body: report,
    contentType: 'text/plain',
  });
}

/** `test` with the diagnostics of the default page attached whenever a test fails. */
export const test = base.extend<{ diagnostics: void }>({
  diagnostics: [
    async ({ page }, use, testInfo) => {
      const watch = watchPage(page);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) await attachReport(testInfo, await watch.report());
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
