import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { existsSync, readFileSync } from 'node:fs';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { dirname, join, relative } from 'node:path';
// @ts-expect-error -- a Node built-in; the app's tsconfig has no Node types
import { fileURLToPath } from 'node:url';

const here: string = dirname(fileURLToPath(import.meta.url));
const src: string = join(here, '..');

/** Packages that would pull antd into the landing bundle (the public pages are plain React + CSS). */
const FORBIDDEN = [/^antd(\/|$)/, /^@ant-design\//, /^@zunft\/ui-kit(\/|$)/];

function resolveLocal(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every module specifier reachable from `entry` through relative imports (static and dynamic). */
function importsOf(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code: string = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)].map((m) => m[1]!);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        if (specifier.endsWith('.css')) continue;
        const next = resolveLocal(file, specifier);
        if (next) queue.push(next);
      } else {
        found.set(specifier, [...(found.get(specifier) ?? []), relative(src, file)]);
      }
    }
  }
  return found;
}

const PAGES = [
  'public/landing/LandingPage.tsx',
  'public/pricing/PricingPage.tsx',
  'public/about/AboutPage.tsx',
  'public/auth/LoginPage.tsx',
  'public/auth/RegisterPage.tsx',
];

describe('public pages keep the landing JS budget (no antd)', () => {
  it.each(PAGES)('%s imports no antd, @ant-design or ui-kit, also not indirectly', (page) => {
    const imports = importsOf(join(src, page));
    expect(imports.size).toBeGreaterThan(0);
    const offending = [...imports.entries()].filter(([specifier]) => FORBIDDEN.some((re) => re.test(specifier)));
    expect(offending).toEqual([]);
  });

  it('notices antd where it is used (the check can fail)', () => {
    const imports = importsOf(join(src, 'app/layout/Sidebar.tsx'));
    expect([...imports.keys()].some((specifier) => FORBIDDEN.some((re) => re.test(specifier)))).toBe(true);
  });
});
