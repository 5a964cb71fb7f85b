import { Injectable } from '@nestjs/common';
import type {
  ReportContentDto,
  ReportDto,
  ReportImageDto,
  ReportListQueryParsed,
  ReportStatus,
} from '@zunft/contracts';
import {
  affected,
  iso,
  nextFreeNumber,
  one,
  pagedList,
  rows,
  sqlWhere,
  type ListParams,
  type TenantScope,
} from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';
import type { ReportCustomerSnapshot } from './report-snapshot.js';

/** A report row as stored (dates as yyyy-MM-dd strings). */
export interface ReportRow {
  id: string;
  company_id: string;
  report_number: string;
  title: string;
  project_id: string;
  project_title: string;
  project_number: string;
  customer_id: string;
  customer: ReportCustomerSnapshot;
  language: 'de' | 'fr' | 'it';
  period_start: string;
  period_end: string;
  status: ReportStatus;
  notes: string | null;
  content: ReportContentDto;
  total_hours: string;
  image_count: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  sent_to: string | null;
  signed_at: Date | null;
  signer_name: string | null;
  signer_email: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  signed_via: 'link' | 'device' | null;
  signature_key: string | null;
  signed_pdf_key: string | null;
  pdf_sha256: string | null;
  seal_sha256: string | null;
  approved_at: Date | null;
  rejected_at: Date | null;
  invoice_id: string | null;
}

export interface ReportInsert {
  reportNumber: string;
  title: string;
  projectId: string;
  projectTitle: string;
  projectNumber: string;
  customerId: string;
  customer: ReportCustomerSnapshot;
  language: 'de' | 'fr' | 'it';
  periodStart: string;
  periodEnd: string;
  notes: string | null;
  content: ReportContentDto;
  createdBy: string;
}

export interface ReportImageRow {
  id: string;
  report_id: string;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: Date;
}

export interface SignatureTokenRow {
  token_hash: string;
  company_id: string;
  report_id: string;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = `r.id, r.company_id, r.report_number, r.title, r.project_id, r.project_title, r.project_number,
       r.customer_id, r.customer, r.language, to_char(r.period_start, 'YYYY-MM-DD') AS period_start,
       to_char(r.period_end, 'YYYY-MM-DD') AS period_end, r.status, r.notes, r.content, r.total_hours,
       (SELECT count(*)::int FROM report_images i WHERE i.report_id = r.id) AS image_count,
       r.created_by, r.created_at, r.updated_at, r.sent_at, r.sent_to, r.signed_at, r.signer_name, r.signer_email,
       r.signer_ip, r.signer_user_agent, r.signed_via, r.signature_key, r.signed_pdf_key, r.pdf_sha256, r.seal_sha256,
       r.approved_at, r.rejected_at, r.invoice_id`;
const SELECT = `SELECT ${COLUMNS} FROM reports r`;

/**
 * The list, newest first (index: company_id, created_at DESC, id DESC). The snapshot (content) is
 * not needed for lists: replaced by an empty object.
 */
const REPORT_LIST = pagedList(
  LISTS.reports,
  'desc',
  [
    { sql: 'r.created_at', type: 'timestamptz' },
    { sql: 'r.id', type: 'uuid' },
  ],
  { columns: COLUMNS.replace('r.content,', `'{}'::jsonb AS content,`), from: 'reports r' },
);

/** Runs `UPDATE reports … RETURNING *` (or an INSERT) and answers the rows as `find` reads them. */
function writtenReports(m: EntityManager, statement: string, params: unknown[]): Promise<ReportRow[]> {
  return rows<ReportRow>(m, `WITH r AS (${statement}) SELECT ${COLUMNS} FROM r`, params);
}

/** The list and DTO mapping (the snapshot stays out of lists). */
export function toReportDto(r: ReportRow): ReportDto {
  return {
    id: r.id,
    report_number: r.report_number,
    title: r.title,
    project_id: r.project_id,
    project_title: r.project_title,
    project_number: r.project_number,
    customer_id: r.customer_id,
    customer_name: r.customer.name,
    customer_email: r.customer.email,
    period_start: r.period_start,
    period_end: r.period_end,
    status: r.status,
    notes: r.notes,
    language: r.language,
    total_hours: Number(r.total_hours),
    image_count: r.image_count,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    sent_at: iso(r.sent_at),
    signed_at: iso(r.signed_at),
    signer_name: r.signer_name,
    pdf_sha256: r.pdf_sha256,
    seal_sha256: r.seal_sha256,
    invoice_id: r.invoice_id,
  };
}

/** Image URLs: the office API (`/api/reports/…`) or the public link (`/api/signature/<token>/…`). */
export function toImageDto(i: ReportImageRow, base: string): ReportImageDto {
  return {
    id: i.id,
    url: `${base}/images/${i.id}/file`,
    thumbnail_url: `${base}/images/${i.id}/thumbnail`,
    filename: i.filename,
    content_type: i.content_type,
    size: i.size,
    has_thumbnail: i.thumbnail_key !== null,
    created_at: iso(i.created_at)!,
  };
}

/**
 * SQL of reports, their images and signature links; every query is scoped by the company. Every
 * write that adds or removes reports or changes their status drops the company's cached list
 * totals (`listTotals.invalidate`); the other filtered columns (title, number, project, customer)
 * are set only on insert.
 */
@Injectable()
export class ReportsRepository {
  /** The whole list as an array without page parameters, else one page of it (nest-common's list kit). */
  list(m: EntityManager, scope: TenantScope, q: ReportListQueryParsed & ListParams) {
    const where = sqlWhere('r.company_id = $1', [scope.companyId])
      .eq('r.status', q.status)
      .eq('r.project_id', q.projectId)
      .when(
        q.search && `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        (p) =>
          `(r.title ILIKE ${p} OR r.report_number ILIKE ${p} OR r.project_title ILIKE ${p} OR r.customer->>'name' ILIKE ${p})`,
      );
    return REPORT_LIST.answer(m, scope, where, q, (found: ReportRow[]) => found.map(toReportDto));
  }

  find(m: EntityManager, scope: TenantScope, id: string): Promise<ReportRow | null> {
    return one<ReportRow>(m, `${SELECT} WHERE r.company_id = $1 AND r.id = $2`, [scope.companyId, id]);
  }

  /** Locks the report row until the transaction ends. */
  lock(m: EntityManager, scope: TenantScope, id: string): Promise<ReportRow | null> {
    return one<ReportRow>(m, `${SELECT} WHERE r.company_id = $1 AND r.id = $2 FOR UPDATE OF r`, [scope.companyId, id]);
  }

  nextNumber(m: EntityManager, scope: TenantScope, year: string): Promise<string> {
    return nextFreeNumber(
      m,
      scope.companyId,
      `report-${year}`,
      (n) => `R-${year}-${String(n).padStart(4, '0')}`,
      async (candidate) =>
        (await one(m, `SELECT 1 FROM reports WHERE company_id = $1 AND report_number = $2`, [
          scope.companyId,
          candidate,
        ])) !== null,
    );
  }

  async insert(m: EntityManager, scope: TenantScope, r: ReportInsert): Promise<ReportRow> {
    const [row] = await writtenReports(
      m,
      `INSERT INTO reports (company_id, report_number, title, project_id, project_title, project_number, customer_id,
         customer, language, period_start, period_end, notes, content, total_hours, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
      [
        scope.companyId,
        r.reportNumber,
        r.title,
        r.projectId,
        r.projectTitle,
        r.projectNumber,
        r.customerId,
        JSON.stringify(r.customer),
        r.language,
        r.periodStart,
        r.periodEnd,
        r.notes,
        JSON.stringify(r.content),
        r.content.total_hours,
        r.createdBy,
      ],
    );
    listTotals.invalidate(m, scope.companyId, LISTS.reports);
    return row!;
  }

  async delete(m: EntityManager, scope: TenantScope, id: string): Promise<number> {
    const deleted = await affected(m, `DELETE FROM reports WHERE company_id = $1 AND id = $2`, [scope.companyId, id]);
    listTotals.invalidate(m, scope.companyId, LISTS.reports);
    return deleted;
  }

  async setStatus(m: EntityManager, scope: TenantScope, id: string, status: ReportStatus): Promise<ReportRow | null> {
    const [row] = await writtenReports(
      m,
      `UPDATE reports SET status = $3::varchar, updated_at = now(),
         approved_at = CASE WHEN $3::varchar = 'approved' THEN now() ELSE approved_at END,
         rejected_at = CASE WHEN $3::varchar = 'rejected' THEN now() WHEN $3::varchar = 'draft' THEN NULL ELSE rejected_at END,
         sent_at = CASE WHEN $3::varchar = 'sent' THEN COALESCE(sent_at, now()) WHEN $3::varchar = 'draft' THEN NULL
           ELSE sent_at END
       WHERE company_id = $1 AND id = $2 RETURNING *`,
      [scope.companyId, id, status],
    );
    listTotals.invalidate(m, scope.companyId, LISTS.reports);
    return row ?? null;
  }

  async markSent(m: EntityManager, scope: TenantScope, id: string, sentTo: string): Promise<ReportRow | null> {
    const [row] = await writtenReports(
      m,
      `UPDATE reports SET status = 'sent', sent_at = now(), sent_to = $3, updated_at = now()
       WHERE company_id = $1 AND id = $2 RETURNING *`,
      [scope.companyId, id, sentTo],
    );
    listTotals.invalidate(m, scope.companyId, LISTS.reports);
    return row ?? null;
  }

  async touch(m: EntityManager, scope: TenantScope, id: string): Promise<void> {
    await m.query(`UPDATE reports SET updated_at = now() WHERE company_id = $1 AND id = $2`, [scope.companyId, id]);
  }

  async markSigned(
    m: EntityManager,
    scope: TenantScope,
    id: string,
    s: {
      signedAt: string;
      signerName: string;
      signerEmail: string;
      ip: string | null;
      userAgent: string | null;
      via: 'link' | 'device';
      signatureKey: string;
      pdfKey: string;
      pdfSha256: string;
      sealSha256: string;
    },
  ): Promise<void> {
    await m.query(
      `UPDATE reports SET status = 'signed', signed_at = $3, signer_name = $4, signer_email = $5, signer_ip = $6,
         signer_user_agent = $7, signed_via = $8, signature_key = $9, signed_pdf_key = $10, pdf_sha256 = $11, seal_sha256 = $12,
         updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [
        scope.companyId,
        id,
        s.signedAt,
        s.signerName,
        s.signerEmail,
        s.ip?.slice(0, 100) ?? null,
        s.userAgent?.slice(0, 500) ?? null,
        s.via,
        s.signatureKey,
        s.pdfKey,
        s.pdfSha256,
        s.sealSha256,
      ],
    );
    listTotals.invalidate(m, scope.companyId, LISTS.reports);
  }

  // ---------------------------------------------------------------------------------- images

  images(m: EntityManager, scope: TenantScope, reportId: string): Promise<ReportImageRow[]> {
    return rows<ReportImageRow>(
      m,
      `SELECT id, report_id, filename, content_type, size, storage_key, thumbnail_key, created_at
       FROM report_images WHERE company_id = $1 AND report_id = $2 ORDER BY created_at, id`,
      [scope.companyId, reportId],
    );
  }

  image(m: EntityManager, scope: TenantScope, reportId: string, imageId: string): Promise<ReportImageRow | null> {
    return one<ReportImageRow>(
      m,
      `SELECT id, report_id, filename, content_type, size, storage_key, thumbnail_key, created_at
       FROM report_images WHERE company_id = $1 AND report_id = $2 AND id = $3`,
      [scope.companyId, reportId, imageId],
    );
  }

  async insertImage(
    m: EntityManager,
    scope: TenantScope,
    i: {
      id: string;
      reportId: string;
      filename: string;
      contentType: string;
      size: number;
      storageKey: string;
      thumbnailKey: string | null;
      createdBy: string;
    },
  ): Promise<ReportImageRow> {
    return (await one<ReportImageRow>(
      m,
      `INSERT INTO report_images (id, company_id, report_id, filename, content_type, size, storage_key, thumbnail_key,
         created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, report_id, filename, content_type, size, storage_key, thumbnail_key, created_at`,
      [i.id, scope.companyId, i.reportId, i.filename, i.contentType, i.size, i.storageKey, i.thumbnailKey, i.createdBy],
    ))!;
  }

  deleteImage(m: EntityManager, scope: TenantScope, reportId: string, imageId: string): Promise<number> {
    return affected(m, `DELETE FROM report_images WHERE company_id = $1 AND report_id = $2 AND id = $3`, [
      scope.companyId,
      reportId,
      imageId,
    ]);
  }

  // ---------------------------------------------------------------------------------- signature links

  async insertToken(
    m: EntityManager,
    scope: TenantScope,
    reportId: string,
    hash: string,
    expiresAt: Date,
    createdBy: string,
  ): Promise<void> {
    await m.query(
      `INSERT INTO report_signature_tokens (token_hash, company_id, report_id, expires_at, created_by)
       VALUES ($1, $2, $3, $4, $5)`,
      [hash, scope.companyId, reportId, expiresAt.toISOString(), createdBy],
    );
  }

  /** A link by its hash (any company: the token is the credential). `lock`: FOR UPDATE. */
  token(m: EntityManager, hash: string, lock = false): Promise<SignatureTokenRow | null> {
    return one<SignatureTokenRow>(
      m,
      `SELECT token_hash, company_id, report_id, expires_at, used_at FROM report_signature_tokens
       WHERE token_hash = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [hash],
    );
  }

  /** Uses up every open link of the report (a signature ends them all). */
  async useTokens(m: EntityManager, scope: TenantScope, reportId: string): Promise<void> {
    await m.query(
      `UPDATE report_signature_tokens SET used_at = now() WHERE company_id = $1 AND report_id = $2 AND used_at IS NULL`,
      [scope.companyId, reportId],
    );
  }

  /** Hourly rates of the given staff (report_staff_rates); unknown or unset ones are missing. */
  async hourlyRates(m: EntityManager, scope: TenantScope, userIds: string[]): Promise<Map<string, number | null>> {
    if (userIds.length === 0) return new Map();
    const found = await rows<{ user_id: string; hourly_rate: string | null }>(
      m,
      `SELECT user_id, hourly_rate FROM report_staff_rates WHERE company_id = $1 AND user_id = ANY($2::uuid[])`,
      [scope.companyId, userIds],
    );
    return new Map(found.map((r) => [r.user_id, r.hourly_rate === null ? null : Number(r.hourly_rate)]));
  }

  // ---------------------------------------------------------------------------------- anonymisation

  /**
   * Reports whose snapshot names the user (employee, material or expense line) or that the user
   * generated — except signed ones: a signed report is a sealed business record (its PDF's SHA-256
   * is stored, OR 958f / GeBüV art. 3 and 9: kept unchanged 10 years), so its content stays
   * byte-identical when the user is deleted (issue 26).
   */
  naming(m: EntityManager, scope: TenantScope, userId: string): Promise<{ id: string; content: ReportContentDto }[]> {
    return rows(
      m,
      `SELECT id, content FROM reports
       WHERE company_id = $1 AND signed_at IS NULL AND (created_by = $2 OR strpos(content::text, $2::text) > 0)
       FOR UPDATE`,
      [scope.companyId, userId],
    );
  }

  /** How many reports `naming` finds (same filter). */
  async countNaming(m: EntityManager, scope: TenantScope, userId: string): Promise<number> {
    const r = await one<{ n: number }>(
      m,
      `SELECT count(*)::int AS n FROM reports
       WHERE company_id = $1 AND signed_at IS NULL AND (created_by = $2 OR strpos(content::text, $2::text) > 0)`,
      [scope.companyId, userId],
    );
    return r?.n ?? 0;
  }

  async replaceContent(m: EntityManager, scope: TenantScope, id: string, content: ReportContentDto, userId: string) {
    await m.query(
      `UPDATE reports SET content = $3, created_by = CASE WHEN created_by = $4 THEN NULL ELSE created_by END
       WHERE company_id = $1 AND id = $2`,
      [scope.companyId, id, JSON.stringify(content), userId],
    );
  }
}
