import { Injectable } from '@nestjs/common';
import { BUSINESS_RECORD_RETENTION_YEARS, CLOSED_COMPANY_GRACE_DAYS, lastExpiredYear } from '@zunft/contracts';
import { PostgresFileStorage } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { RetentionRepository } from './retention.repository.js';

export interface BillingRetentionResult {
  /** Per closed company past its grace period (not removed before the run): what went. */
  companies: Array<{
    companyId: string;
    nonRecords: number;
    invoices: number;
    reports: number;
    bookkeeping: number;
    removed: boolean;
  }>;
}

/**
 * A closed company's data in billing (issue 26), removed once kept as the law asks. Nothing goes
 * during the grace period (CLOSED_COMPANY_GRACE_DAYS from the closing); then:
 *
 * - what is no record: quotes,
 *   draft invoices, reports never signed (with their photos), mails, templates, settings, the cached
 *   logo, staff rates, counters;
 * - business records 10 years after the end of their business year (OR art. 958f para. 1, GeBüV
 *   art. 9; the calendar year): an issued invoice with its items, ledger entries, payments, reminders,
 *   credit notes and archived PDFs once the year of its last booking has expired; signed reports (their
 *   sealed PDF, signature and photos) by the year of the signature; bank credits, accounting exports;
 * - last, when no record is left, the directory copies (company, customers, projects, staff) and every
 *   other row and file of the company.
 *
 * Open companies are never touched: only companies billing learnt as closed (auth.company.closed).
 */
@Injectable()
export class RetentionService {
  private readonly storage: PostgresFileStorage;

  constructor(
    dataSource: DataSource,
    private readonly repo: RetentionRepository,
  ) {
    this.storage = new PostgresFileStorage(dataSource);
  }

  companyClosed(manager: EntityManager, companyId: string, closedAt: string): Promise<void> {
    return this.repo.markClosed(manager, companyId, closedAt);
  }

  async run(manager: EntityManager, today: string): Promise<BillingRetentionResult> {
    const lastYear = lastExpiredYear(today, BUSINESS_RECORD_RETENTION_YEARS);
    const result: BillingRetentionResult = { companies: [] };
    for (const company of await this.repo.closedCompanies(manager, today, CLOSED_COMPANY_GRACE_DAYS)) {
      // During the grace period nothing goes (the owner may still take the data along).
      if (!company.grace_over) continue;
      const id = company.company_id;
      const files = (kind: string, ids: string[]) =>
        Promise.all(ids.map((doc) => this.storage.deletePrefix(`${id}/${kind}/${doc}/`, manager)));
      let nonRecords = 0;
      let reports = 0;
      nonRecords += await this.repo.removeNonRecords(manager, id);
      const mails = await this.repo.removeMails(manager, id);
      await files('mails', mails);
      const drafts = await this.repo.removeDraftInvoices(manager, id);
      await files('invoices', drafts);
      const unsigned = await this.repo.removeUnsignedReports(manager, id);
      await files('reports', unsigned);
      nonRecords += mails.length + drafts.length;
      reports += unsigned.length;
      const invoices = await this.repo.removeExpiredInvoices(manager, id, lastYear);
      await files('invoices', invoices);
      const signed = await this.repo.removeExpiredSignedReports(manager, id, lastYear);
      await files('reports', signed);
      reports += signed.length;
      const bookkeeping = await this.repo.removeExpiredBookkeeping(manager, id, lastYear);
      const removed = !(await this.repo.recordsLeft(manager, id));
      if (removed) await this.repo.removeCompany(manager, id);
      result.companies.push({ companyId: id, nonRecords, invoices: invoices.length, reports, bookkeeping, removed });
    }
    return result;
  }
}
