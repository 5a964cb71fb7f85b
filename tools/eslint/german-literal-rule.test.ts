// The German-literal rule for the services (issue 28, eslint.config.js): a success answer's
// `message` comes from the catalogue, never a literal. Lints snippets as files at real paths of the
// workspace against the real config. Run by `npm test` (node --test).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } } });

async function literalErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('German literals in the services (no-restricted-syntax in services/*/src)', () => {
  it('refuses a German success message, plain or as a template', async () => {
    const plain = await literalErrors(
      'services/operations/src/customers/new-thing.service.ts',
      "export function remove() {\n  return { message: 'Kunde erfolgreich gelöscht' };\n}\n",
    );
    assert.equal(plain.length, 1);
    assert.match(plain[0]!, /successMessage/);
    const template = await literalErrors(
      'services/billing/src/payments/new-thing.service.ts',
      'export function assign(n: string) {\n  return { message: `Gutschrift wurde der Rechnung ${n} zugeordnet`, ok: true };\n}\n',
    );
    assert.equal(template.length, 1);
  });

  it('lets the catalogue through, and tests and migrations alone', async () => {
    const catalogue = await literalErrors(
      'services/operations/src/customers/new-thing.service.ts',
      "import { successMessage } from '@zunft/nest-common';\nexport function remove() {\n  return { message: successMessage('success.customer_deleted') };\n}\n",
    );
    assert.deepEqual(catalogue, []);
    const spec = await literalErrors(
      'services/operations/test/new-thing.int-spec.ts',
      "export function f() {\n  return { message: 'Kunde erfolgreich gelöscht' };\n}\n",
    );
    assert.deepEqual(spec, []);
  });
});
