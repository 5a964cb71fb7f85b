import { Injectable, Logger } from '@nestjs/common';
import type {
  BillingReportSignedData,
  CreateInvoiceFromReportRequestParsed,
  CreateInvoiceFromReportResponse,
} from '@zunft/contracts';
import { TenantScope, type LazyBody } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/actor.js';
import { ReportSnapshotReader, ReportsService } from '../../reports/index.js';
import { VatSettingError } from '../../settings/index.js';
import { InvoiceErrors } from '../invoices.errors.js';
import { InvoicesService } from '../invoices.service.js';
import { InvoiceStagesService } from '../stages/invoice-stages.service.js';

/**
 * Invoices from signed reports: the consumer of billing.report.signed and the office's button
 * (`POST /reports/{id}/create-invoice`) both end in InvoicesService.createFromReport, which locks
 * the report id, so whichever comes second finds the invoice of the first.
 */
@Injectable()
export class ReportInvoicesService {
  private readonly logger = new Logger(ReportInvoicesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesService,
    private readonly snapshots: ReportSnapshotReader,
    private readonly reports: ReportsService,
    private readonly stages: InvoiceStagesService,
  ) {}

  /**
   * The consumer's draft. A company without a VAT number whose rate is above 0 gets no draft (MWSTG
   * art. 27 para. 2, checked before anything is written): retrying cannot change that, so the event is
   * done and the office's «Rechnung erstellen» answers the German 400 naming the setting.
   */
  async fromEvent(m: EntityManager, scope: TenantScope, data: BillingReportSignedData): Promise<string | null> {
    let invoiceId: string;
    try {
      ({ invoiceId } = await this.invoices.createFromReport(m, scope, null, data));
    } catch (error) {
      if (!(error instanceof VatSettingError)) throw error;
      this.logger.warn({ msg: 'no draft invoice for signed report: VAT number missing', reportId: data.reportId });
      return null;
    }
    await this.snapshots.linkInvoice(m, scope.companyId, data.reportId, invoiceId);
    return invoiceId;
  }

  /**
   * The invoice of a signed report, created now if the event has not been handled yet. With an
   * `invoiceDate` (not after the company's today) a new invoice is dated that day (its due date
   * follows from the payment terms); an existing one of another date is not re-dated (409: an issued
   * invoice is final, a draft can be deleted and created again).
   */
  async createInvoice(
    actor: Actor,
    reportId: string,
    body?: LazyBody<CreateInvoiceFromReportRequestParsed>,
  ): Promise<CreateInvoiceFromReportResponse> {
    const scope = TenantScope.fromClaims(actor);
    const invoiceId = await this.dataSource.transaction(async (m) => {
      const data = await this.snapshots.signedReportEventData(actor.companyId, reportId, m);
      if (!data && !(await this.reports.has(m, scope, reportId))) throw InvoiceErrors.reportNotFound();
      // The report is found: only now is the body read (another company's id answers 404 whatever the body).
      const invoiceDate = body?.value().invoiceDate ?? null;
      if (!data) throw InvoiceErrors.reportNotSigned();
      if (invoiceDate && invoiceDate > (await this.invoices.today(m, scope))) throw InvoiceErrors.invoiceDateInFuture();
      // A project's final invoice may have billed the report (after its own draft was deleted): that one.
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`invoice-for-report:${reportId}`]);
      const billed = await this.stages.invoiceOfReport(m, scope, reportId);
      if (billed) return this.sameDate(m, scope, billed, invoiceDate);
      const { invoiceId, created } = await this.invoices.createFromReport(m, scope, actor.userId, data, invoiceDate);
      if (!created) return this.sameDate(m, scope, invoiceId, invoiceDate);
      await this.snapshots.linkInvoice(m, scope.companyId, reportId, invoiceId);
      return invoiceId;
    });
    return this.invoices.fromReportResponse(scope, invoiceId);
  }

  /** The existing invoice when no date was asked or it has that date; else 409 (never re-dated). */
  private async sameDate(
    m: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    invoiceDate: string | null,
  ): Promise<string> {
    if (!invoiceDate) return invoiceId;
    const existing = await this.invoices.numberAndDate(m, scope, invoiceId);
    if (existing.invoiceDate !== invoiceDate) {
      const [y, mo, d] = existing.invoiceDate.split('-');
      throw InvoiceErrors.reportInvoiceOtherDate(existing.invoiceNumber, `${d}.${mo}.${y}`);
    }
    return invoiceId;
  }
}
