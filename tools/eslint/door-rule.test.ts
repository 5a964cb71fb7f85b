// The rooms-with-doors rule of eslint.config.js (issue 22): inside a service, a folder never imports
// another folder's `*.repository`; it calls that folder's door. Lints snippets as files at real
// paths of the workspace against the real config. Run by `npm test` (node --test).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
// The Nx boundary rule needs a project graph this test does not build; it is not what is tested here.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } } });

/** The messages of the door rule for one import line in a file at `file` (relative to the root). */
async function doorErrors(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = x;\n`, {
    filePath: path.join(root, file),
  });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' && m.message.includes('repository is private'))
    .map((m) => m.message);
}

describe('door rule (no-restricted-imports in services/*/src)', () => {
  it("refuses another folder's repository in a new file", async () => {
    const errors = await doorErrors(
      'services/operations/src/scheduling/new-planner.ts',
      "import { ProjectsRepository as x } from '../projects/projects.repository.js';",
    );
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /call its service through the folder's door \(index\.ts\)/);
  });

  it('exempts no file: those once listed as legacy are refused too', async () => {
    for (const [file, line] of [
      [
        'services/auth/src/auth/auth.service.ts',
        "import { UsersRepository as x } from '../users/users.repository.js';",
      ],
      [
        'services/auth/src/cli/superadmin-token.ts',
        "import { CompaniesRepository as x } from '../companies/companies.repository.js';",
      ],
      [
        'services/operations/src/projects/projects.module.ts',
        "import { CustomersRepository as x } from '../customers/customers.repository';",
      ],
      [
        'services/billing/src/invoices/from-report/report-invoices.service.ts',
        "import { ReportsRepository as x } from '../../reports/reports.repository.js';",
      ],
    ]) {
      assert.equal((await doorErrors(file!, line!)).length, 1, `${file}: ${line}`);
    }
  });

  it('exempts no read model: the directories and the activity feed are reached through their doors', async () => {
    for (const [file, line] of [
      [
        'services/operations/src/scheduling/new-planner.ts',
        "import { DirectoryRepository as x } from '../directory/directory.repository.js';",
      ],
      [
        'services/operations/src/working-time/x.ts',
        "import { WorkingTimeDirectoryRepository as x } from '../directory/working-time-directory.repository.js';",
      ],
      [
        'services/billing/src/quotes/acceptance/x.ts',
        "import { DirectoryRepository as x } from '../../directory/directory.repository.js';",
      ],
      [
        'services/billing/src/mails/x.ts',
        "import { CompanyMailStatusRepository as x } from '../directory/company-mail-status.repository.js';",
      ],
      [
        'services/operations/src/expenses/x.ts',
        "import { ActivitiesRepository as x } from '../activities/activities.repository.js';",
      ],
      [
        'services/operations/src/expenses/x.ts',
        "import { ActivitiesRepository as x } from '../common/activities.repository';",
      ],
    ]) {
      assert.equal((await doorErrors(file!, line!)).length, 1, `${file}: ${line}`);
    }
  });

  it("lets through the folder's own repository and the doors", async () => {
    for (const [file, line] of [
      [
        'services/operations/src/scheduling/new-planner.ts',
        "import { SchedulingRepository as x } from './scheduling.repository.js';",
      ],
      [
        'services/billing/src/invoices/from-report/x.ts',
        "import { InvoicesRepository as x } from '../invoices.repository.js';",
      ],
      [
        'services/operations/src/scheduling/new-planner.ts',
        "import { ProjectsService as x } from '../projects/index.js';",
      ],
      [
        'services/operations/src/scheduling/new-planner.ts',
        "import { DirectoryService as x } from '../directory/index.js';",
      ],
      ['services/billing/src/mails/x.ts', "import { customerMailLimited as x } from '../directory/index.js';"],
      ['services/operations/src/expenses/x.ts', "import { ActivitiesService as x } from '../activities/index.js';"],
    ]) {
      assert.deepEqual(await doorErrors(file!, line!), [], `${file}: ${line}`);
    }
  });
});
