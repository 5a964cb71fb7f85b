import {
  DEFAULT_COMPANY_SETTINGS,
  type AccessTokenClaims,
  type CompanySettingsDto,
  type EventData,
  type QuoteDto,
  type QuoteRequest,
  type Role,
} from '@zunft/contracts';
import { bearer, createTestMember, type TestMember } from '@zunft/nest-common/testing';
import { createHash, randomUUID } from 'node:crypto';
import { DirectoryService } from '../../src/directory/directory.service.js';
import { newAcceptanceToken } from '../../src/quotes/acceptance/acceptance-token.js';
import type { TestApp } from './test-app.js';

export type Member = TestMember;
export { bearer };

export interface Company {
  id: string;
  admin: Member;
  backoffice: Member;
  employee: Member;
}

export type CustomerData = EventData<'operations.customer.created'>;

let counter = 0;

/** yyyy-MM-dd, `days` from today (UTC date; tests keep a margin of days around "today"). */
export const dayFromToday = (days: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A staff member known to billing (as if `auth.user.created` had been consumed), with a token. */
export function addMember(
  t: TestApp,
  companyId: string,
  role: Role,
  firstName = 'Max',
  claims: Partial<AccessTokenClaims> = {},
): Promise<Member> {
  return createTestMember(t, companyId, role, {
    firstName,
    claims,
    apply: (user) => t.dataSource.transaction((m) => t.app.get(DirectoryService).applyUser(m, companyId, user)),
  });
}

/**
 * The test companies' VAT number (valid UID check digit): a company that bills VAT needs one (MWSTG
 * art. 27 para. 2), so every test company has it unless a test sets `vat_number: null`.
 */
export const TEST_VAT_NUMBER = 'CHE-116.281.710 MWST';

/** A company with profile, settings and one member of each role (as if auth's events had been consumed). */
export async function createCompany(
  t: TestApp,
  options: {
    settings?: Partial<CompanySettingsDto>;
    name?: string;
    email?: string | null;
    logoUrl?: string | null;
  } = {},
): Promise<Company> {
  const id = randomUUID();
  const directory = t.app.get(DirectoryService);
  await t.dataSource.transaction(async (m) => {
    await directory.applySettings(m, id, {
      settings: { ...DEFAULT_COMPANY_SETTINGS, vat_number: TEST_VAT_NUMBER, ...options.settings },
    });
    await directory.applyProfile(m, id, {
      name: options.name ?? `Malerei ${++counter} AG`,
      email: options.email === undefined ? 'info@malerei.test' : options.email,
      phone: '044 123 45 67',
      website: null,
      address: 'Werkstrasse 1\n8000 Zürich',
      logoUrl: options.logoUrl ?? null,
    });
  });
  return {
    id,
    admin: await addMember(t, id, 'admin', 'Anna'),
    backoffice: await addMember(t, id, 'backoffice', 'Bea'),
    employee: await addMember(t, id, 'employee', 'Emil'),
  };
}

/** A customer known to billing (as if operations.customer.created had been consumed). */
export async function addCustomer(
  t: TestApp,
  companyId: string,
  over: Partial<CustomerData> = {},
): Promise<CustomerData> {
  const data: CustomerData = {
    customerId: randomUUID(),
    name: `Kunde ${++counter}`,
    customerNumber: `K-${String(counter).padStart(4, '0')}`,
    contactPerson: 'Peter Muster',
    email: 'peter@kunde.test',
    phone: null,
    address: 'Bahnhofstrasse 5',
    zip: '3000',
    city: 'Bern',
    language: 'de',
    ...over,
  };
  await t.dataSource.transaction((m) => t.app.get(DirectoryService).applyCustomer(m, companyId, data));
  return data;
}

export function quoteBody(customerId: string, over: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    customerId,
    title: `Badsanierung ${++counter}`,
    description: 'Komplettsanierung Badezimmer',
    validUntil: dayFromToday(30),
    discountPercent: 0,
    travelAllowance: 0,
    vatRate: 8.1,
    notes: null,
    termsConditions: 'Zahlbar innert 30 Tagen',
    items: [
      { type: 'labor', title: 'Montage', quantity: 2, unit: 'h', unitPrice: 95 },
      { type: 'material', title: 'Silikon', quantity: 3, unitPrice: 8.9 },
    ],
    ...over,
  };
}

export async function createQuote(
  t: TestApp,
  by: Member,
  customerId: string,
  over: Partial<QuoteRequest> = {},
): Promise<QuoteDto> {
  const res = await t.http().post('/api/quotes').set(bearer(by)).send(quoteBody(customerId, over));
  if (res.status !== 201) throw new Error(`createQuote: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Marks a quote as sent with a known acceptance token, as `send` does, without the worker:
 * for acceptance tests. Returns the token.
 */
export async function markSent(t: TestApp, quoteId: string): Promise<string> {
  const { token, hash } = newAcceptanceToken();
  await t.dataSource.query(
    `UPDATE quotes SET status = 'sent', sent_at = now(), sent_to = 'peter@kunde.test', acceptance_token_hash = $2 WHERE id = $1`,
    [quoteId, hash],
  );
  return token;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Outbox events of a company, oldest first. */
export async function outboxEvents(
  t: TestApp,
  companyId: string,
): Promise<Array<{ type: string; actor_id: string | null; data: Record<string, unknown> }>> {
  return t.dataSource.query(
    `SELECT type, actor_id, data FROM outbox_events WHERE company_id = $1 ORDER BY occurred_at, id`,
    [companyId],
  );
}

/** A 1×1 PNG as data URL. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
