// What our own sources import, read at build time by the builds that depend on it: the names of
// react-router the shared router re-exports (`reactRouterNamesUsed`, shared-singletons.ts) and the
// antd components whose styles come with the first signed-in page (`antdImportsOf`,
// antd-static-css-plugin.ts). Regular expressions over our (Prettier-formatted) TypeScript, not a
// parser: a statement is read as written, `import { A, B as C } from 'x'`, wherever it stands.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files read by default: TypeScript and JavaScript modules. */
export const SOURCE_FILE = /\.(?:tsx?|jsx?|mjs)$/;
/** Tests never end up in a bundle, so what they import does not count. */
const TEST_FILE = /\.(?:spec|test)\.[jt]sx?$/;
/** Folders that hold no sources of ours. */
const NOT_SOURCES = (name: string) => name === 'node_modules' || name === 'dist' || name.startsWith('.');

/**
 * The source files of `target`: the file itself, or every file below the folder whose name matches
 * `files` (tests, node_modules, dist and dot folders left out).
 */
export function sourceFiles(target: string, files: RegExp = SOURCE_FILE): string[] {
  if (files.test(target)) return [target];
  if (!statSync(target).isDirectory()) return [];
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (NOT_SOURCES(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (files.test(entry.name) && !TEST_FILE.test(entry.name)) found.push(full);
    }
  };
  walk(target);
  return found;
}

/** One `import { … } from '…'` (or `export { … } from '…'`) statement. */
export interface NamedImport {
  /** The module after `from`, as written. */
  from: string;
  /** The names it brings in (see namedImports and namedReExports). */
  names: string[];
}

/** The names between the braces, trimmed, empty ones (a trailing comma) left out. */
const specifiers = (list: string): string[] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The value imports of a source, one entry per `import { … } from '…'` statement: each name as the
 * module exports it (`useNavigate as go` is `useNavigate`); `type` names and `import type { … }`
 * statements left out (nothing of them runs). Default, namespace and dynamic imports are not
 * named imports (see importsUnreadably).
 */
export function namedImports(source: string): NamedImport[] {
  const found: NamedImport[] = [];
  for (const m of source.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3/g)) {
    if (m[1]) continue;
    const names = specifiers(m[2] ?? '')
      .filter((part) => !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '');
    found.push({ from: m[4] as string, names });
  }
  return found;
}

/**
 * The named re-exports of a source (a library's index), one entry per `export { … } from '…'`
 * statement: each name as the source exports it (`Box as Card` is `Card`), `type` names included
 * without the keyword; `export type { … }` and `export *` statements left out.
 */
export function namedReExports(source: string): NamedImport[] {
  const found: NamedImport[] = [];
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g)) {
    const names = specifiers(m[1] ?? '').map(
      (part) =>
        part
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim() ?? '',
    );
    found.push({ from: m[3] as string, names });
  }
  return found;
}

/**
 * Whether a source uses `module` in a way whose names cannot be read: a namespace import
 * (`import * as X`), a re-export (`export * from`, `export { … } from`) or a dynamic `import()`.
 */
export function importsUnreadably(source: string, module: string): boolean {
  const name = module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `import\\s+\\*\\s+as\\s+\\w+\\s+from\\s*['"]${name}['"]|export\\s+(?:\\*|\\{[^}]*\\})\\s*from\\s*['"]${name}['"]|import\\(\\s*['"]${name}['"]\\s*\\)`,
  ).test(source);
}
