// Reading our sources' imports at build time (source-imports.ts), used by the shared react-router
// (reactRouterNamesUsed) and the split antd styles (antdImportsOf). Run by `npm test` (node --test).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { importsUnreadably, namedImports, namedReExports, sourceFiles } from './source-imports.ts';

describe('namedImports', () => {
  it('answers every named import statement with the names as the module exports them', () => {
    const source = [
      "import { Link, useNavigate as go } from 'react-router';",
      "import {\n  Button,\n  Card as Box,\n} from 'antd';",
      "import { helper } from './helper';",
    ].join('\n');
    assert.deepEqual(namedImports(source), [
      { from: 'react-router', names: ['Link', 'useNavigate'] },
      { from: 'antd', names: ['Button', 'Card'] },
      { from: './helper', names: ['helper'] },
    ]);
  });

  it('leaves out types: `type` names and whole `import type` statements', () => {
    const source = [
      "import { type Location, useLocation } from 'react-router';",
      "import type { RouteObject } from 'react-router';",
      "import type{ FormInstance } from 'antd';",
    ].join('\n');
    assert.deepEqual(namedImports(source), [{ from: 'react-router', names: ['useLocation'] }]);
  });

  it('reads either quote and no space before the brace', () => {
    assert.deepEqual(namedImports(`import{ Tag } from "antd";`), [{ from: 'antd', names: ['Tag'] }]);
  });

  it('has no names for default, namespace, side-effect or dynamic imports', () => {
    const source = [
      "import React from 'react';",
      "import * as Router from 'react-router';",
      "import './styles.css';",
      "const page = await import('./Page');",
    ].join('\n');
    assert.deepEqual(namedImports(source), []);
  });
});

describe('namedReExports', () => {
  it("answers a library index's re-exports under the names it exports, types included", () => {
    const source = [
      "export { FormModal, type FormModalProps } from './FormModal';",
      "export { Box as Card } from './Box';",
      "export type { Theme } from './theme';",
      "export * from './icons';",
      "export { Button } from 'antd';",
    ].join('\n');
    assert.deepEqual(namedReExports(source), [
      { from: './FormModal', names: ['FormModal', 'FormModalProps'] },
      { from: './Box', names: ['Card'] },
      { from: 'antd', names: ['Button'] },
    ]);
  });
});

describe('importsUnreadably', () => {
  for (const line of [
    "import * as Router from 'react-router';",
    "export { Link } from 'react-router';",
    "export * from 'react-router';",
    'const router = await import("react-router");',
  ]) {
    it(`finds the names of the module unreadable in: ${line}`, () => {
      assert.equal(importsUnreadably(line, 'react-router'), true);
    });
  }

  it('reads named imports, and other modules, as readable', () => {
    assert.equal(importsUnreadably("import { Link } from 'react-router';", 'react-router'), false);
    assert.equal(importsUnreadably("import * as dom from 'react-router-dom';", 'react-router'), false);
    assert.equal(importsUnreadably("export * from './react-router';", 'react-router'), false);
  });
});

describe('sourceFiles', () => {
  let dir = '';
  const file = (name: string) => {
    const full = path.join(dir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '');
    return full;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zunft-sources-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the modules below a folder, without tests, node_modules, dist or dot folders', () => {
    const kept = ['a/App.tsx', 'a/b/util.ts', 'c.js', 'd.mjs', 'e.jsx'].map(file);
    for (const name of ['a/App.spec.tsx', 'a/b/util.test.ts', 'dist/x.js', 'node_modules/p/i.js', '.cache/y.ts']) {
      file(name);
    }
    file('a/styles.css');
    assert.deepEqual(sourceFiles(dir).sort(), kept.sort());
  });

  it('takes only the names a pattern allows, and a matching file as it is', () => {
    const ts = [file('A.tsx'), file('b.ts')];
    file('c.js');
    assert.deepEqual(sourceFiles(dir, /\.tsx?$/).sort(), ts.sort());
    const spec = file('A.spec.tsx');
    assert.deepEqual(sourceFiles(spec, /\.tsx?$/), [spec]);
    assert.deepEqual(sourceFiles(file('readme.md')), []);
  });
});
