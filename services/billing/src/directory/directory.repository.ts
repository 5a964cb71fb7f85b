import { Injectable, Optional } from '@nestjs/common';
import type { EventData, Language } from '@zunft/contracts';
import { one, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';
import { DirectorySource } from './directory-source.js';

/**
 * The lists whose search reads customer names and project titles: a renamed or deleted customer or
 * project re-filters them, so their kept totals are dropped.
 */
function namesChanged(manager: EntityManager, companyId: string): void {
  for (const list of Object.values(LISTS)) listTotals.invalidate(manager, companyId, list);
}

type SettingsData = EventData<'auth.company.settings-updated'>['settings'];
type ProfileData = EventData<'auth.company.profile-updated'>;
type UserData = EventData<'auth.user.created'>;
type CustomerData = EventData<'operations.customer.created'>;
type ProjectData = EventData<'operations.project.created'>;

/** What billing knows about a company (profile from auth.company.*, settings included). */
export interface CompanyInfo {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  logo_url: string | null;
  language: Language;
  timezone: string;
  default_hourly_rate: number;
  company_iban: string | null;
  vat_number: string | null;
  vat_rate: number;
}

export interface ProjectInfo {
  id: string;
  title: string;
  customer_id: string | null;
}

export interface CustomerInfo {
  id: string;
  name: string;
  customer_number: string;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166 alpha-2 (default CH): the debtor's country on the QR bill. */
  country: string;
  /** «Postfach 123» (issue 23): the debtor's street field on the QR bill when set. */
  po_box: string | null;
  language: Language | null;
  deleted: boolean;
  /** Archived in operations (issue 26): no new quote or invoice names it; existing ones keep it. */
  archived?: boolean;
}

/**
 * Local copies of other domains' data, kept by the directory consumers. Writes are upserts so a
 * redelivered or late event does no harm; a deleted customer/project/user is never resurrected
 * by a late `created`/`updated`.
 */
@Injectable()
export class DirectoryRepository {
  /** Optional: without it (a context without NATS) the copy alone answers. */
  constructor(@Optional() private readonly source?: DirectorySource) {}

  // ---------------------------------------------------------------------------------- companies

  async upsertRegistered(
    manager: EntityManager,
    companyId: string,
    data: { name: string; email: string; language: Language },
  ): Promise<void> {
    // Registration only fills what is still unknown (a later profile update wins).
    await manager.query(
      `INSERT INTO companies (id, name, email, language) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET
         name = CASE WHEN companies.name = '' THEN EXCLUDED.name ELSE companies.name END,
         email = COALESCE(companies.email, EXCLUDED.email), updated_at = now()`,
      [companyId, data.name, data.email, data.language],
    );
  }

  async upsertSettings(manager: EntityManager, companyId: string, s: SettingsData): Promise<void> {
    // The invoicing settings (issue 11) are absent in older events: then their defaults.
    await manager.query(
      `INSERT INTO companies (id, language, timezone, currency, default_hourly_rate, company_iban, vat_number, vat_rate, payment_terms,
         reminder_fee_level_1, reminder_fee_level_2, reminder_fee_level_3, reminder_fee_level_4, default_interest_enabled,
         default_interest_rate, auto_reminders_enabled, reminder_interval_days, interest_from_due_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       ON CONFLICT (id) DO UPDATE SET language = EXCLUDED.language, timezone = EXCLUDED.timezone,
         currency = EXCLUDED.currency, default_hourly_rate = EXCLUDED.default_hourly_rate,
         company_iban = EXCLUDED.company_iban, vat_number = EXCLUDED.vat_number, vat_rate = EXCLUDED.vat_rate,
         payment_terms = EXCLUDED.payment_terms, reminder_fee_level_1 = EXCLUDED.reminder_fee_level_1,
         reminder_fee_level_2 = EXCLUDED.reminder_fee_level_2, reminder_fee_level_3 = EXCLUDED.reminder_fee_level_3,
         reminder_fee_level_4 = EXCLUDED.reminder_fee_level_4, default_interest_enabled = EXCLUDED.default_interest_enabled,
         default_interest_rate = EXCLUDED.default_interest_rate, auto_reminders_enabled = EXCLUDED.auto_reminders_enabled,
         reminder_interval_days = EXCLUDED.reminder_interval_days,
         interest_from_due_date = EXCLUDED.interest_from_due_date, updated_at = now()`,
      [
        companyId,
        s.language,
        s.timezone,
        s.currency,
        s.default_hourly_rate,
        s.company_iban,
        s.vat_number,
        s.vat_rate,
        s.payment_terms,
        s.reminder_fee_level_1 ?? 0,
        s.reminder_fee_level_2 ?? 0,
        s.reminder_fee_level_3 ?? 0,
        s.reminder_fee_level_4 ?? 0,
        s.default_interest_enabled ?? false,
        s.default_interest_rate ?? 5,
        s.auto_reminders_enabled ?? false,
        s.reminder_interval_days ?? 14,
        s.interest_from_due_date ?? false,
      ],
    );
  }

  async upsertProfile(manager: EntityManager, companyId: string, p: ProfileData): Promise<void> {
    await manager.query(
      `INSERT INTO companies (id, name, email, phone, website, address, logo_url, street, house_number, zip, city, country)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
         website = EXCLUDED.website, address = EXCLUDED.address, logo_url = EXCLUDED.logo_url, street = EXCLUDED.street,
         house_number = EXCLUDED.house_number, zip = EXCLUDED.zip, city = EXCLUDED.city, country = EXCLUDED.country,
         updated_at = now()`,
      [
        companyId,
        p.name,
        p.email,
        p.phone,
        p.website,
        p.address,
        p.logoUrl,
        // The structured address (issue 11) is absent in older events.
        p.street ?? null,
        p.houseNumber ?? null,
        p.zip ?? null,
        p.city ?? null,
        p.country ?? 'CH',
      ],
    );
    if (!p.logoUrl) await manager.query(`DELETE FROM company_logos WHERE company_id = $1`, [companyId]);
  }

  async company(manager: EntityManager, companyId: string): Promise<CompanyInfo | null> {
    const row = await one<CompanyInfo & { default_hourly_rate: string; vat_rate: string }>(
      manager,
      `SELECT id, name, email, phone, website, address, logo_url, language, timezone, default_hourly_rate,
              company_iban, vat_number, vat_rate
       FROM companies WHERE id = $1`,
      [companyId],
    );
    if (!row) return null;
    return { ...row, default_hourly_rate: Number(row.default_hourly_rate), vat_rate: Number(row.vat_rate) };
  }

  async cachedLogo(
    manager: EntityManager,
    companyId: string,
    url: string,
  ): Promise<{ content_type: string; data: Buffer } | null> {
    return one(manager, `SELECT content_type, data FROM company_logos WHERE company_id = $1 AND url = $2`, [
      companyId,
      url,
    ]);
  }

  async storeLogo(manager: EntityManager, companyId: string, url: string, contentType: string, data: Buffer) {
    await manager.query(
      `INSERT INTO company_logos (company_id, url, content_type, data) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id) DO UPDATE SET url = EXCLUDED.url, content_type = EXCLUDED.content_type,
         data = EXCLUDED.data, fetched_at = now()`,
      [companyId, url, contentType, data],
    );
  }

  // ---------------------------------------------------------------------------------- staff

  async upsertStaff(manager: EntityManager, companyId: string, u: UserData): Promise<void> {
    await manager.query(
      `INSERT INTO staff (id, company_id, first_name, last_name, email, role, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         email = EXCLUDED.email, role = EXCLUDED.role, is_active = EXCLUDED.is_active, updated_at = now()
       WHERE staff.deleted_at IS NULL AND staff.company_id = EXCLUDED.company_id`,
      [u.userId, companyId, u.firstName, u.lastName, u.email, u.role, u.isActive],
    );
  }

  async deactivateStaff(manager: EntityManager, companyId: string, userId: string): Promise<void> {
    await manager.query(`UPDATE staff SET is_active = false, updated_at = now() WHERE id = $1 AND company_id = $2`, [
      userId,
      companyId,
    ]);
  }

  /** Access tokens of the user issued before `validAfter` are refused (auth.user.sessions-revoked). */
  async revokeStaffSessions(manager: EntityManager, companyId: string, userId: string, validAfter: string) {
    await manager.query(
      `UPDATE staff SET sessions_valid_after = GREATEST(sessions_valid_after, $3::timestamptz)
       WHERE id = $1 AND company_id = $2`,
      [userId, companyId, validAfter],
    );
  }

  async anonymiseStaff(manager: EntityManager, companyId: string, userId: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO staff (id, company_id, first_name, last_name, email, role, is_active, deleted_at)
       VALUES ($1, $2, $3, '', NULL, 'employee', false, now())
       ON CONFLICT (id) DO UPDATE SET first_name = $3, last_name = '', email = NULL, is_active = false,
         deleted_at = now(), updated_at = now()
       WHERE staff.company_id = $2`,
      [userId, companyId, name],
    );
  }

  // ---------------------------------------------------------------------------------- customers

  async upsertCustomer(manager: EntityManager, companyId: string, c: CustomerData): Promise<void> {
    // Fields absent in old events (before contact data was added) keep their stored value.
    await manager.query(
      `INSERT INTO customers (id, company_id, name, customer_number, contact_person, email, phone, address, zip, city, language,
         country, po_box, archived_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($13, 'CH'), $15, $17::timestamptz)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, customer_number = EXCLUDED.customer_number,
         contact_person = CASE WHEN $12 THEN EXCLUDED.contact_person ELSE customers.contact_person END,
         email = CASE WHEN $12 THEN EXCLUDED.email ELSE customers.email END,
         phone = CASE WHEN $12 THEN EXCLUDED.phone ELSE customers.phone END,
         address = CASE WHEN $12 THEN EXCLUDED.address ELSE customers.address END,
         zip = CASE WHEN $12 THEN EXCLUDED.zip ELSE customers.zip END,
         city = CASE WHEN $12 THEN EXCLUDED.city ELSE customers.city END,
         language = CASE WHEN $12 THEN EXCLUDED.language ELSE customers.language END,
         country = CASE WHEN $13::text IS NOT NULL THEN EXCLUDED.country ELSE customers.country END,
         po_box = CASE WHEN $14 THEN EXCLUDED.po_box ELSE customers.po_box END,
         archived_at = CASE WHEN $16 THEN $17::timestamptz ELSE customers.archived_at END,
         updated_at = now()
       WHERE customers.deleted_at IS NULL AND customers.company_id = EXCLUDED.company_id`,
      [
        c.customerId,
        companyId,
        c.name,
        c.customerNumber,
        c.contactPerson ?? null,
        c.email ?? null,
        c.phone ?? null,
        c.address ?? null,
        c.zip ?? null,
        c.city ?? null,
        c.language ?? null,
        c.email !== undefined,
        c.country ?? null,
        c.poBox !== undefined,
        c.poBox ?? null,
        c.archivedAt !== undefined,
        c.archivedAt ?? null,
      ],
    );
    namesChanged(manager, companyId);
  }

  /** Soft delete: quotes keep showing the customer's name. */
  async deleteCustomer(manager: EntityManager, companyId: string, customerId: string): Promise<void> {
    await manager.query(
      `INSERT INTO customers (id, company_id, name, deleted_at) VALUES ($1, $2, '', now())
       ON CONFLICT (id) DO UPDATE SET deleted_at = now(), updated_at = now() WHERE customers.company_id = $2`,
      [customerId, companyId],
    );
    namesChanged(manager, companyId);
  }

  async customer(manager: EntityManager, scope: TenantScope, id: string): Promise<CustomerInfo | null> {
    return one<CustomerInfo>(
      manager,
      `SELECT id, name, customer_number, contact_person, email, phone, address, zip, city, country, po_box, language,
              deleted_at IS NOT NULL AS deleted, archived_at IS NOT NULL AS archived
       FROM customers WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId],
    );
  }

  /**
   * A customer id the caller was given (a new quote or invoice): the copy, or, when the copy does not
   * know the id yet, operations' answer, stored in the copy (its event follows and upserts the same).
   * Read your own writes: a customer created a moment ago is found. Null: no customer of the company.
   */
  async findCustomer(manager: EntityManager, scope: TenantScope, id: string): Promise<CustomerInfo | null> {
    const known = await this.customer(manager, scope, id);
    if (known || !this.source) return known;
    const record = await this.source.customer(scope.companyId, id);
    if (!record) return null;
    await this.upsertCustomer(manager, scope.companyId, record);
    return this.customer(manager, scope, id);
  }

  // ---------------------------------------------------------------------------------- projects

  async project(manager: EntityManager, scope: TenantScope, id: string): Promise<ProjectInfo | null> {
    return one<ProjectInfo>(manager, `SELECT id, title, customer_id FROM projects WHERE id = $1 AND company_id = $2`, [
      id,
      scope.companyId,
    ]);
  }

  /** As `findCustomer`, for a project id. */
  async findProject(manager: EntityManager, scope: TenantScope, id: string): Promise<ProjectInfo | null> {
    const known = await this.project(manager, scope, id);
    if (known || !this.source) return known;
    const record = await this.source.project(scope.companyId, id);
    if (!record) return null;
    await this.upsertProject(manager, scope.companyId, record);
    return this.project(manager, scope, id);
  }

  async upsertProject(manager: EntityManager, companyId: string, p: ProjectData): Promise<void> {
    await manager.query(
      `INSERT INTO projects (id, company_id, customer_id, title, project_number, status, source_quote_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET customer_id = EXCLUDED.customer_id, title = EXCLUDED.title,
         project_number = EXCLUDED.project_number, status = EXCLUDED.status,
         source_quote_id = COALESCE(EXCLUDED.source_quote_id, projects.source_quote_id), updated_at = now()
       WHERE projects.deleted_at IS NULL AND projects.company_id = EXCLUDED.company_id`,
      [p.projectId, companyId, p.customerId, p.title, p.projectNumber, p.status, p.sourceQuoteId ?? null],
    );
    namesChanged(manager, companyId);
  }

  async deleteProject(manager: EntityManager, companyId: string, projectId: string): Promise<void> {
    await manager.query(
      `INSERT INTO projects (id, company_id, customer_id, title, project_number, status, deleted_at)
       VALUES ($1, $2, '00000000-0000-0000-0000-000000000000', '', '', 'cancelled', now())
       ON CONFLICT (id) DO UPDATE SET deleted_at = now(), updated_at = now() WHERE projects.company_id = $2`,
      [projectId, companyId],
    );
    namesChanged(manager, companyId);
  }
}
