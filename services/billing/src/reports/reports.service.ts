import { Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_SIGNATURE_MESSAGES,
  canChangeReportStatus,
  type GenerateReportRequestParsed,
  type GenerateReportResponse,
  type MessageResponse,
  type PaginatedResponse,
  type PrepareReportSignatureResponse,
  type PublicReportDto,
  type ReportData,
  type ReportDetailDto,
  type ReportDto,
  type ReportListQueryParsed,
  type ReportSignatureRequestParsed,
  type ReportSignatureStatusDto,
  type ReportSignedResponse,
  type ReportStatus,
  type SendReportResponse,
} from '@zunft/contracts';
import {
  currentRequestId,
  enqueueEvent,
  FILE_STORAGE,
  type FileStorage,
  PdfRenderQuotaError,
  RpcClient,
  RpcRemoteError,
  RpcUnavailableError,
  successMessage,
  TenantScope,
} from '@zunft/nest-common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { localDate } from '../common/dates.js';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { DirectoryService } from '../directory/index.js';
import { DocumentQueues, type RenderedPdf } from '../queues/index.js';
import { CompanyQuotas } from '../quotas/index.js';
import { reportPdfFilename } from '../documents/report/index.js';
import { checkSignaturePng } from './report-image.js';
import { ReportDocumentBuilder, type ReportSignatureInput } from './report-document.builder.js';
import { reportPrefix, signatureKey, signedPdfKey } from './report-keys.js';
import { reportMail } from './report-mail.js';
import { buildReportContent, reportSignedEventData, type ReportCustomerSnapshot } from './report-snapshot.js';
import { ReportErrors } from './reports.errors.js';
import {
  ReportsRepository,
  toImageDto,
  toReportDto,
  type ReportRow,
  type SignatureTokenRow,
} from './reports.repository.js';

/** Where the signature request came from (stored with the signature). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** 32 random bytes (256 bit), base64url: 43 characters. Only its SHA-256 is stored. */
export function newSignatureToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSignatureToken(token) };
}
export const hashSignatureToken = (token: string) => createHash('sha256').update(token).digest('hex');
const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The statuses a signature may be given in. */
const SIGNABLE: readonly ReportStatus[] = ['draft', 'sent'];

/** dd.MM.yyyy */
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Work reports (Rapporte): generation as a snapshot of operations' report data, status changes,
 * PDF, the signature link (mail) and the signature itself (link or device), sealed: the signed PDF
 * is rendered once, stored with its SHA-256 and returned byte for byte ever after; the signing
 * transaction also writes `billing.report.signed` to the outbox.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: ReportsRepository,
    private readonly directory: DirectoryService,
    private readonly documents: ReportDocumentBuilder,
    private readonly queues: DocumentQueues,
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly quotas: CompanyQuotas,
  ) {}

  // ------------------------------------------------------------------------------------ reading

  /** The whole list as an array, or with `page`, `pageSize` or `cursor` one page of it. */
  list(actor: Actor, query: ReportListQueryParsed): Promise<ReportDto[] | PaginatedResponse<ReportDto>> {
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), query);
  }

  async get(actor: Actor, id: string): Promise<ReportDetailDto> {
    const scope = TenantScope.fromClaims(actor);
    const report = await this.repo.find(this.dataSource.manager, scope, id);
    if (!report) throw ReportErrors.reportNotFound();
    return this.detail(this.dataSource.manager, scope, report);
  }

  /** 404 unless the report is the caller's company's: routes with a body look it up first (issue 28). */
  /** Whether the company has this report, inside the caller's transaction (for other modules). */
  async has(m: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (await this.repo.find(m, scope, id)) !== null;
  }

  async exists(actor: Actor, id: string): Promise<void> {
    await this.find(actor, id);
  }

  async signatureStatus(actor: Actor, id: string): Promise<ReportSignatureStatusDto> {
    const report = await this.find(actor, id);
    const signed = report.signed_at !== null;
    return {
      signed,
      sent: report.sent_at !== null || signed,
      signed_at: report.signed_at ? new Date(report.signed_at).toISOString() : null,
      sent_at: report.sent_at ? new Date(report.sent_at).toISOString() : null,
      signer_name: report.signer_name,
    };
  }

  // ------------------------------------------------------------------------------------ writing

  /**
   * Asks operations for the period's data (503 when it does not answer: nothing is created), then
   * stores the report with its number in one transaction.
   */
  async generate(actor: Actor, input: GenerateReportRequestParsed): Promise<GenerateReportResponse> {
    const scope = TenantScope.fromClaims(actor);
    const data = await this.reportData(scope, input);
    const m0 = this.dataSource.manager;
    const company = await this.directory.company(m0, scope.companyId);
    const rates = await this.repo.hourlyRates(m0, scope, [...new Set(data.time_entries.map((e) => e.user_id))]);
    const content = buildReportContent(data, rates);
    const language = data.customer.language ?? company?.language ?? 'de';
    const customer: ReportCustomerSnapshot = {
      name: data.customer.name,
      contact_person: data.customer.contact_person,
      email: data.customer.email,
      address: data.customer.address,
      zip: data.customer.zip,
      city: data.customer.city,
      language,
    };
    const title =
      input.title ?? `${data.project.title}, ${swissDate(input.periodStart)} – ${swissDate(input.periodEnd)}`;
    try {
      const report = await this.dataSource.transaction(async (m) => {
        const year = localDate(company?.timezone ?? undefined).slice(0, 4);
        const reportNumber = await this.repo.nextNumber(m, scope, year);
        return this.repo.insert(m, scope, {
          reportNumber,
          title: title.slice(0, REPORT_LIMITS.maxTitleLength),
          projectId: data.project.id,
          projectTitle: data.project.title,
          projectNumber: data.project.project_number,
          customerId: data.customer.id,
          customer,
          language,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          notes: input.notes ?? null,
          content,
          createdBy: actor.userId,
        });
      });
      this.logger.log({ msg: 'report generated', reportId: report.id, reportNumber: report.report_number });
      const detail = await this.detail(m0, scope, report);
      return {
        ...detail,
        message: content.is_empty
          ? `Rapport ${report.report_number} erstellt. ${REPORT_MESSAGES.emptyPeriod}`
          : `Rapport ${report.report_number} erfolgreich erstellt`,
      };
    } catch (error) {
      if (isUniqueViolation(error, 'uq_reports_company_number')) throw ReportErrors.numberConflict();
      throw error;
    }
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const report = await this.repo.lock(m, scope, id);
      if (!report) throw ReportErrors.reportNotFound();
      this.assertEditable(report);
      await this.storage.deletePrefix(reportPrefix(scope.companyId, id), m);
      await this.repo.delete(m, scope, id);
    });
    return { message: REPORT_MESSAGES.deleted };
  }

  /** draft → sent → (draft | rejected); signed → approved; rejected → draft. Others 409. */
  async setStatus(actor: Actor, id: string, status: ReportStatus): Promise<ReportDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const report = await this.repo.lock(m, scope, id);
      if (!report) throw ReportErrors.reportNotFound();
      if (report.status === status) return toReportDto(report);
      if (!canChangeReportStatus(report.status, status)) throw ReportErrors.statusTransition(report.status, status);
      if (status === 'draft' || status === 'rejected') await this.repo.useTokens(m, scope, id);
      return toReportDto((await this.repo.setStatus(m, scope, id, status))!);
    });
  }

  /** The sealed PDF of a signed report (exactly the stored bytes), else rendered from the snapshot. */
  async download(actor: Actor, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const report = await this.find(actor, id);
    const pdf = await this.pdfOf(scope, report);
    return pdfFile(pdf, reportPdfFilename(report.language, report.report_number));
  }

  async prepareSignature(actor: Actor, id: string): Promise<PrepareReportSignatureResponse> {
    const scope = TenantScope.fromClaims(actor);
    const { token, hash } = newSignatureToken();
    const expiresAt = new Date(Date.now() + REPORT_LIMITS.signatureTokenDays * 86_400_000);
    const report = await this.dataSource.transaction(async (m) => {
      const r = await this.repo.lock(m, scope, id);
      if (!r) throw ReportErrors.reportNotFound();
      this.assertSignable(r);
      await this.repo.insertToken(m, scope, id, hash, expiresAt, actor.userId);
      return r;
    });
    return {
      reportData: {
        reportNumber: report.report_number,
        projectTitle: report.project_title,
        customerName: report.customer.name,
        customerEmail: report.customer.email,
        reportDate: new Date(report.created_at).toISOString().slice(0, 10),
      },
      signatureToken: token,
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * Mails the customer (the project's customer address or `email`) the PDF and a personal signature
   * link, in the customer's language, and marks the report sent. The PDF is rendered first; the
   * mail is queued last in the transaction (if it cannot be queued, nothing changes).
   */
  async sendToCustomer(actor: Actor, id: string, email: string | null): Promise<SendReportResponse> {
    const scope = TenantScope.fromClaims(actor);
    const report = await this.find(actor, id);
    this.assertSignable(report);
    const to = email ?? report.customer.email;
    if (!to) throw ReportErrors.customerWithoutEmail();
    const m0 = this.dataSource.manager;
    const company = await this.directory.company(m0, scope.companyId);
    const images = await this.repo.images(m0, scope, id);
    const pdf = await this.render(scope, await this.documents.build(scope, report, images, null));
    const { token, hash } = newSignatureToken();
    const expiresAt = new Date(Date.now() + REPORT_LIMITS.signatureTokenDays * 86_400_000);
    const signatureUrl = `${this.config.publicUrl}/signature/${token}`;
    const mail = reportMail({
      language: report.language,
      companyName: company?.name ?? '',
      recipientName: report.customer.contact_person || report.customer.name,
      reportNumber: report.report_number,
      title: report.title,
      periodStart: report.period_start,
      periodEnd: report.period_end,
      signatureUrl,
    });
    const sent = await this.dataSource.transaction(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw ReportErrors.reportNotFound();
      this.assertSignable(current);
      if (new Date(current.updated_at).getTime() !== new Date(report.updated_at).getTime()) {
        throw ReportErrors.changedWhileSigning();
      }
      await this.repo.insertToken(m, scope, id, hash, expiresAt, actor.userId);
      const updated = (await this.repo.markSent(m, scope, id, to))!;
      await this.queues.enqueueMail({
        companyId: scope.companyId,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [
          {
            filename: reportPdfFilename(report.language, report.report_number),
            contentBase64: pdf.pdf.toString('base64'),
            contentType: 'application/pdf',
          },
        ],
        ref: `report:${id}`,
      });
      return updated;
    });
    return { message: successMessage('success.report_sent', { to }), sent_to: to, report: toReportDto(sent) };
  }

  /** Signature on the office's device (same body as the public link). */
  async signOnDevice(
    actor: Actor,
    id: string,
    body: ReportSignatureRequestParsed,
    origin: RequestOrigin,
  ): Promise<ReportSignedResponse> {
    const scope = TenantScope.fromClaims(actor);
    const report = await this.find(actor, id);
    return this.sign(scope, report, body, origin, 'device', null, actor.userId);
  }

  // ------------------------------------------------------------------------------------ public link

  async publicView(token: string): Promise<PublicReportDto> {
    const m = this.dataSource.manager;
    const { scope, report, link } = await this.open(m, token);
    const company = await this.directory.company(m, scope.companyId);
    const images = await this.repo.images(m, scope, report.id);
    return {
      report_number: report.report_number,
      title: report.title,
      status: report.status,
      period_start: report.period_start,
      period_end: report.period_end,
      project_title: report.project_title,
      customer_name: report.customer.name,
      customer_email: report.customer.email,
      language: report.language,
      company: {
        name: company?.name ?? '',
        address: company?.address ?? null,
        email: company?.email ?? null,
        phone: company?.phone ?? null,
        logo_url: company?.logo_url ?? null,
      },
      content: report.content,
      images: images.map((i) => toImageDto(i, `/api/signature/${token}`)),
      notes: report.notes,
      consent_text: REPORT_SIGNATURE_MESSAGES.consentText,
      expires_at: new Date(link.expires_at).toISOString(),
    };
  }

  async signWithToken(
    token: string,
    body: ReportSignatureRequestParsed,
    origin: RequestOrigin,
  ): Promise<ReportSignedResponse> {
    const { scope, report } = await this.open(this.dataSource.manager, token);
    const result = await this.sign(scope, report, body, origin, 'link', hashSignatureToken(token), null);
    return { ...result, download_url: `/api/signature/${token}/pdf` };
  }

  /**
   * The signed PDF for the customer right after signing: the (used) link still opens it until it
   * expires; unknown 404, expired 410, not signed 404.
   */
  async publicPdf(token: string): Promise<StreamableFile> {
    if (!looksLikeToken(token)) throw ReportErrors.linkNotFound();
    const m = this.dataSource.manager;
    const link = await this.repo.token(m, hashSignatureToken(token));
    if (!link) throw ReportErrors.linkNotFound();
    if (new Date(link.expires_at).getTime() <= Date.now()) throw ReportErrors.linkExpired();
    const scope = TenantScope.forSystem(link.company_id);
    const report = await this.repo.find(m, scope, link.report_id);
    if (!report || !report.signed_pdf_key) throw ReportErrors.linkNotFound();
    const file = await this.storage.get(report.signed_pdf_key);
    if (!file) throw ReportErrors.linkNotFound();
    return pdfFile({ pdf: file.data, pages: 0, renderMs: 0 }, reportPdfFilename(report.language, report.report_number));
  }

  /** Resolves a link for the page: unknown 404; used or expired 410. */
  async open(
    m: EntityManager,
    token: string,
  ): Promise<{ scope: TenantScope; report: ReportRow; link: SignatureTokenRow }> {
    if (!looksLikeToken(token)) throw ReportErrors.linkNotFound();
    const link = await this.repo.token(m, hashSignatureToken(token));
    if (!link) throw ReportErrors.linkNotFound();
    if (link.used_at || new Date(link.expires_at).getTime() <= Date.now()) throw ReportErrors.linkExpired();
    const scope = TenantScope.forSystem(link.company_id);
    const report = await this.repo.find(m, scope, link.report_id);
    if (!report) throw ReportErrors.linkNotFound();
    if (!SIGNABLE.includes(report.status)) throw ReportErrors.linkExpired();
    return { scope, report, link };
  }

  // ------------------------------------------------------------------------------------ signing

  /**
   * Checks the PNG, renders the sealed PDF (with signature and signing record) in the worker, then
   * in ONE transaction: re-checks the report (still signable, unchanged) and the link (unused, not
   * expired), stores the signature and the PDF, marks the report signed with the PDF's SHA-256,
   * uses up its links and writes `billing.report.signed` to the outbox. Worker down → 503, nothing
   * signed.
   */
  private async sign(
    scope: TenantScope,
    report: ReportRow,
    body: ReportSignatureRequestParsed,
    origin: RequestOrigin,
    via: 'link' | 'device',
    tokenHash: string | null,
    actorId: string | null,
  ): Promise<ReportSignedResponse> {
    this.assertSignable(report);
    const png = await checkSignaturePng(body.signatureData);
    // the day's upload allowance (issue 25): a signature is stored bytes like a photo; checked before
    // the render (German 413 without spending the worker), counted with the sealed PDF below
    await this.quotas.assertStorageRoom(scope.companyId, png.length);
    const m0 = this.dataSource.manager;
    const images = await this.repo.images(m0, scope, report.id);
    const signedAt = new Date().toISOString();
    const seal = sha256(
      JSON.stringify({
        report_number: report.report_number,
        period: [report.period_start, report.period_end],
        customer: report.customer,
        project: [report.project_id, report.project_title],
        content: report.content,
        images: images.map((i) => [i.id, i.filename, i.size]),
        signer: [body.signerName, body.signerEmail, signedAt, origin.ip, origin.userAgent],
        signature: sha256(png),
      }),
    );
    const signature: ReportSignatureInput = {
      name: body.signerName,
      email: body.signerEmail,
      signedAt,
      ip: origin.ip,
      userAgent: origin.userAgent,
      png,
      sealSha256: seal,
    };
    const rendered = await this.render(scope, await this.documents.build(scope, report, images, signature));
    const pdfSha256 = sha256(rendered.pdf);

    await this.dataSource.transaction(async (m) => {
      if (tokenHash) {
        const link = await this.repo.token(m, tokenHash, true);
        if (!link) throw ReportErrors.linkNotFound();
        if (link.used_at || new Date(link.expires_at).getTime() <= Date.now()) throw ReportErrors.linkExpired();
      }
      const current = await this.repo.lock(m, scope, report.id);
      if (!current) throw tokenHash ? ReportErrors.linkNotFound() : ReportErrors.reportNotFound();
      if (!SIGNABLE.includes(current.status)) {
        throw tokenHash ? ReportErrors.linkExpired() : ReportErrors.alreadySigned();
      }
      if (new Date(current.updated_at).getTime() !== new Date(report.updated_at).getTime()) {
        throw ReportErrors.changedWhileSigning();
      }
      // the signature and its sealed PDF count against the day's storage (a rollback gives them back)
      await this.quotas.consumeStorage(m, scope.companyId, png.length + rendered.pdf.length);
      const sigKey = signatureKey(scope.companyId, report.id);
      const pdfKey = signedPdfKey(scope.companyId, report.id);
      await this.storage.put(sigKey, png, { contentType: 'image/png', companyId: scope.companyId }, m);
      await this.storage.put(pdfKey, rendered.pdf, { contentType: 'application/pdf', companyId: scope.companyId }, m);
      await this.repo.markSigned(m, scope, report.id, {
        signedAt,
        signerName: body.signerName,
        signerEmail: body.signerEmail,
        ip: origin.ip,
        userAgent: origin.userAgent,
        via,
        signatureKey: sigKey,
        pdfKey,
        pdfSha256,
        sealSha256: seal,
      });
      await this.repo.useTokens(m, scope, report.id);
      await enqueueEvent(m, {
        type: 'billing.report.signed',
        companyId: scope.companyId,
        actorId,
        requestId: currentRequestId(),
        data: reportSignedEventData({
          ...report,
          signed_at: signedAt,
          signer_name: body.signerName,
        }),
      });
    });
    this.logger.log({ msg: 'report signed', reportId: report.id, reportNumber: report.report_number, via });
    return {
      message: REPORT_SIGNATURE_MESSAGES.signed,
      report_number: report.report_number,
      signed_at: signedAt,
      signer_name: body.signerName,
      pdf_sha256: pdfSha256,
      download_url: `/api/reports/${report.id}/download`,
    };
  }

  // ------------------------------------------------------------------------------------ helpers

  private async find(actor: Actor, id: string): Promise<ReportRow> {
    const report = await this.repo.find(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!report) throw ReportErrors.reportNotFound();
    return report;
  }

  private async detail(m: EntityManager, scope: TenantScope, report: ReportRow): Promise<ReportDetailDto> {
    const images = await this.repo.images(m, scope, report.id);
    return {
      ...toReportDto(report),
      content: report.content,
      images: images.map((i) => toImageDto(i, `/api/reports/${report.id}`)),
      signer_email: report.signer_email,
    };
  }

  /** Signed or approved reports are sealed: no image changes, no deletion, no new signature. */
  assertEditable(report: Pick<ReportRow, 'status' | 'signed_at'>): void {
    if (report.status === 'approved') throw ReportErrors.approvedReadOnly();
    if (report.status === 'signed' || report.signed_at) throw ReportErrors.signedReadOnly();
  }

  private assertSignable(report: ReportRow): void {
    if (report.status === 'signed' || report.signed_at) throw ReportErrors.alreadySigned();
    if (!SIGNABLE.includes(report.status)) throw ReportErrors.notSignable();
  }

  private async reportData(scope: TenantScope, input: GenerateReportRequestParsed): Promise<ReportData> {
    try {
      return await this.rpc.request('rpc.operations.report-data', {
        companyId: scope.companyId,
        projectId: input.projectId,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
      });
    } catch (error) {
      if (error instanceof RpcUnavailableError) throw ReportErrors.operationsUnavailable();
      if (error instanceof RpcRemoteError && error.status === 404) throw ReportErrors.projectNotFound();
      if (error instanceof RpcRemoteError && error.status === 502) throw ReportErrors.operationsUnavailable();
      throw error;
    }
  }

  private async pdfOf(scope: TenantScope, report: ReportRow): Promise<RenderedPdf> {
    if (report.signed_pdf_key) {
      const file = await this.storage.get(report.signed_pdf_key);
      if (file) return { pdf: file.data, pages: 0, renderMs: 0 };
    }
    const images = await this.repo.images(this.dataSource.manager, scope, report.id);
    return this.render(scope, await this.documents.build(scope, report, images, null));
  }

  private async render(
    scope: TenantScope,
    document: Awaited<ReturnType<ReportDocumentBuilder['build']>>,
  ): Promise<RenderedPdf> {
    try {
      return await this.queues.renderPdf(
        { kind: 'report', document },
        { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
      );
    } catch (error) {
      // the day's renders are used up: that answer (German 429), not "PDF unavailable"
      if (error instanceof PdfRenderQuotaError) throw error;
      this.logger.warn({ msg: 'report pdf not rendered', error: (error as Error).message });
      throw ReportErrors.pdfUnavailable();
    }
  }
}

function pdfFile(rendered: RenderedPdf, filename: string): StreamableFile {
  return new StreamableFile(rendered.pdf, {
    type: 'application/pdf',
    length: rendered.pdf.length,
    disposition: `attachment; filename="${filename}"`,
  });
}
