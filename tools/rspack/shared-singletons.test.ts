// The shared react-router of the shell and the remotes (shared-singletons.ts): which names it
// re-exports, read from the workspace's sources. Run by `npm test` (node --test, Node 24 strips
// the types).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { reactRouterNamesUsed, reactRouterSharedModule, reactRouterSharedPath } from './shared-singletons.ts';

describe('shared react-router', () => {
  let workspace = '';

  function source(file: string, text: string) {
    const full = path.join(workspace, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }

  beforeEach(() => {
    workspace = mkdtempSync(path.join(tmpdir(), 'zunft-router-'));
  });
  afterEach(() => rmSync(workspace, { recursive: true, force: true }));

  it('collects the named value imports of apps and libs, without types, aliases, tests or builds', () => {
    source('apps/a/src/A.tsx', "import { Link, useNavigate as go } from 'react-router';\n");
    source('apps/a/src/B.tsx', "import {\n  type Location,\n  useLocation,\n} from 'react-router';\n");
    source(
      'libs/l/src/c.ts',
      "import type { RouteObject } from 'react-router';\nimport { Outlet } from 'react-router';\n",
    );
    source('apps/a/src/A.spec.tsx', "import { MemoryRouter } from 'react-router';\n");
    source('apps/a/src/dist/bundle.js', "import { Routes } from 'react-router';\n");
    assert.deepEqual(reactRouterNamesUsed(workspace), ['Link', 'Outlet', 'useLocation', 'useNavigate']);
  });

  for (const line of [
    "import * as Router from 'react-router';",
    "export { Link } from 'react-router';",
    "export * from 'react-router';",
    "const router = await import('react-router');",
  ]) {
    it(`refuses an import whose names cannot be read: ${line}`, () => {
      source('apps/a/src/A.ts', `${line}\n`);
      assert.throws(() => reactRouterNamesUsed(workspace), /nur mit benannten Importen.*apps\/a\/src\/A\.ts/);
    });
  }

  it("re-exports this workspace's names from react-router itself (no data router)", () => {
    const names = reactRouterNamesUsed();
    for (const name of ['BrowserRouter', 'Link', 'useNavigate']) assert.ok(names.includes(name), name);
    assert.ok(!names.includes('createBrowserRouter'));
    assert.ok(!names.includes('RouterProvider'));

    const shellDir = path.resolve(import.meta.dirname, '../../apps/shell');
    const module = reactRouterSharedModule(shellDir, ['Link', 'useNavigate']);
    const from = /export \{ Link, useNavigate \} from "(.+)";/.exec(module)?.[1] ?? '';
    assert.ok(path.isAbsolute(from) && existsSync(from), module);
    assert.equal(reactRouterSharedPath(shellDir), path.join(shellDir, 'src', 'react-router-shared.virtual.js'));
  });
});
