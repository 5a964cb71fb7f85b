import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { existsSync, readFileSync } from 'node:fs';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { dirname, join } from 'node:path';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { pagesOf } from '@zunft/web-common';
import { mockFetch } from './test/fetch';
import { aPublicQuote } from './test/quotes';
import { BILLING_APP_PAGES } from './App';
import BillingPublicApp, { BILLING_PUBLIC_PAGES } from './PublicApp';

const src: string = dirname(fileURLToPath(import.meta.url));

/** Packages that would load antd on a customer's phone. */
const FORBIDDEN = [/^antd(\/|$)/, /^@ant-design\//, /^@zunft\/ui-kit(\/|$)/];

function resolveLocal(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every package specifier reachable from `entry` through relative imports (static and dynamic). */
function packagesImportedBy(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code: string = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next) queue.push(next);
      } else found.set(specifier, [...(found.get(specifier) ?? []), file.slice(src.length + 1)]);
    }
  }
  return found;
}

const offending = (entry: string) =>
  [...packagesImportedBy(join(src, entry)).entries()].filter(([specifier]) =>
    FORBIDDEN.some((re) => re.test(specifier)),
  );

describe('billing/App and billing/PublicApp render every page of the one page list', () => {
  it('App has a page for each entry of REMOTE_PAGES.billing.App, and no other', () => {
    expect(Object.keys(BILLING_APP_PAGES).sort()).toEqual([...pagesOf('billing', 'App')].sort());
  });

  it('PublicApp has a page for each entry of REMOTE_PAGES.billing.PublicApp, and no other', () => {
    expect(Object.keys(BILLING_PUBLIC_PAGES).sort()).toEqual([...pagesOf('billing', 'PublicApp')].sort());
  });

  it('PublicApp loads no antd, @ant-design or ui-kit, also not indirectly', () => {
    expect(offending('PublicApp.tsx')).toEqual([]);
  });

  it('the check can fail: App does load antd', () => {
    expect(offending('App.tsx').length).toBeGreaterThan(0);
  });

  it('PublicApp renders the acceptance page for params.token, loaded lazily', async () => {
    const calls = mockFetch({ 'GET /api/quote-acceptance/abc': aPublicQuote() });
    render(<BillingPublicApp page="quote-acceptance" params={{ token: 'abc' }} />);
    expect(await screen.findByText('Angebot A-2026-0007')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/quote-acceptance/abc']);
  });
});
