import {
  DEFAULT_COMPANY_SETTINGS,
  type CompanySettingsDto,
  type CreateProjectRequest,
  type CustomerDto,
  type CustomerRequest,
  type ProjectDto,
  type Role,
} from '@zunft/contracts';
import { bearer, createTestMember, type TestMember } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { DirectoryService } from '../../src/directory/directory.service.js';
import type { OperationsConfig } from '../../src/config/operations.config.js';
import { createTestApp, type TestApp } from './test-app.js';

export type Member = TestMember;
export { bearer };

export interface Company {
  id: string;
  admin: Member;
  backoffice: Member;
  employee: Member;
  /** A second employee (not assigned to anything by default). */
  employee2: Member;
}

let counter = 0;

/** A staff member known to operations (as if `auth.user.created` had been consumed), with a token. */
export function addMember(t: TestApp, companyId: string, role: Role, firstName = 'Max'): Promise<Member> {
  const directory = t.app.get(DirectoryService);
  return createTestMember(t, companyId, role, {
    firstName,
    apply: (user) => t.dataSource.transaction((m) => directory.applyUser(m, companyId, user)),
  });
}

/**
 * The usual set-up of a spec: the app and two companies, `a` (the one under test) and `b` (another
 * tenant, for the 404 checks). `beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));`
 */
export async function appWithTwoCompanies(
  overrides: Partial<OperationsConfig> = {},
): Promise<{ t: TestApp; a: Company; b: Company }> {
  const t = await createTestApp(overrides);
  return { t, a: await createCompany(t), b: await createCompany(t) };
}

/** A company with settings and one member of each role. */
export async function createCompany(t: TestApp, settings: Partial<CompanySettingsDto> = {}): Promise<Company> {
  const id = randomUUID();
  await setSettings(t, id, settings);
  return {
    id,
    admin: await addMember(t, id, 'admin', 'Anna'),
    backoffice: await addMember(t, id, 'backoffice', 'Bea'),
    employee: await addMember(t, id, 'employee', 'Emil'),
    employee2: await addMember(t, id, 'employee', 'Eva'),
  };
}

export async function setSettings(t: TestApp, companyId: string, settings: Partial<CompanySettingsDto>): Promise<void> {
  const directory = t.app.get(DirectoryService);
  await t.dataSource.transaction((m) =>
    directory.applySettings(m, companyId, { ...DEFAULT_COMPANY_SETTINGS, ...settings }),
  );
}

export async function createCustomer(
  t: TestApp,
  by: Member,
  over: Partial<CustomerRequest> = {},
): Promise<CustomerDto> {
  const res = await t
    .http()
    .post('/api/customers')
    .set(bearer(by))
    .send({ name: `Kunde ${++counter}`, city: 'Bern', ...over });
  if (res.status !== 201) throw new Error(`createCustomer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createProject(
  t: TestApp,
  by: Member,
  over: Partial<CreateProjectRequest> = {},
  assign: Member[] = [],
): Promise<ProjectDto> {
  const customerId = over.customerId ?? (await createCustomer(t, by)).id;
  const res = await t
    .http()
    .post('/api/projects')
    .set(bearer(by))
    .send({ title: `Projekt ${++counter}`, status: 'in_progress', ...over, customerId });
  if (res.status !== 201) throw new Error(`createProject: ${res.status} ${JSON.stringify(res.body)}`);
  let project: ProjectDto = res.body;
  for (const member of assign) {
    const a = await t.http().post(`/api/projects/${project.id}/assign`).set(bearer(by)).send({ userId: member.id });
    if (a.status !== 201) throw new Error(`assign: ${a.status} ${JSON.stringify(a.body)}`);
    project = a.body;
  }
  return project;
}

/** Outbox event types of a company, oldest first. */
export async function outboxTypes(t: TestApp, companyId: string): Promise<string[]> {
  const rows: Array<{ type: string }> = await t.dataSource.query(
    `SELECT type FROM outbox_events WHERE company_id = $1 ORDER BY occurred_at, id`,
    [companyId],
  );
  return rows.map((r) => r.type);
}
