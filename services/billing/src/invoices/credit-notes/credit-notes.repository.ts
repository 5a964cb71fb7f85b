import { Injectable } from '@nestjs/common';
import type { CreditNoteDto } from '@zunft/contracts';
import { iso, nextFreeNumber, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface CreditNoteRow {
  id: string;
  invoice_id: string;
  credit_note_number: string;
  credit_date: string;
  reason: string;
  items: CreditNoteDto['items'];
  vat_breakdown: CreditNoteDto['vat_breakdown'];
  net: string;
  vat_amount: string;
  total: string;
  created_at: Date;
  created_by_name: string | null;
  document_sha256: string | null;
}

/** A credit note with the key of its archived PDF (null until the first download). */
export interface CreditNoteRecord extends CreditNoteDto {
  document_key: string | null;
}

const toDto = (r: CreditNoteRow): CreditNoteDto => ({
  ...r,
  net: Number(r.net),
  vat_amount: Number(r.vat_amount),
  total: Number(r.total),
  created_at: iso(r.created_at)!,
  document_sha256: r.document_sha256 ? r.document_sha256.trim() : null,
});

const COLUMNS = `n.id, n.invoice_id, n.credit_note_number, n.credit_date::text AS credit_date, n.reason, n.items,
  n.vat_breakdown, n.net, n.vat_amount, n.total, n.created_at, n.document_sha256,
  CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END AS created_by_name`;
const FROM = `credit_notes n LEFT JOIN staff s ON s.id = n.created_by AND s.company_id = n.company_id`;

/** Credit note SQL; every query takes the tenant scope. */
@Injectable()
export class CreditNotesRepository {
  /** GS-<year>-0001 per company and year, gapless (the counter row is taken in the creating transaction). */
  nextNumber(manager: EntityManager, scope: TenantScope, year: string): Promise<string> {
    return nextFreeNumber(
      manager,
      scope.companyId,
      `credit-note-${year}`,
      (n) => `GS-${year}-${String(n).padStart(4, '0')}`,
      async (candidate) =>
        (await one(manager, `SELECT 1 FROM credit_notes WHERE company_id = $1 AND credit_note_number = $2`, [
          scope.companyId,
          candidate,
        ])) !== null,
    );
  }

  async insert(
    manager: EntityManager,
    scope: TenantScope,
    w: Omit<CreditNoteDto, 'id' | 'created_at' | 'created_by_name' | 'document_sha256'> & { createdBy: string | null },
  ): Promise<string> {
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO credit_notes (company_id, invoice_id, credit_note_number, credit_date, reason, items, vat_breakdown,
         net, vat_amount, total, created_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11) RETURNING id`,
      [
        scope.companyId,
        w.invoice_id,
        w.credit_note_number,
        w.credit_date,
        w.reason,
        JSON.stringify(w.items),
        JSON.stringify(w.vat_breakdown),
        w.net,
        w.vat_amount,
        w.total,
        w.createdBy,
      ],
    );
    return row!.id;
  }

  async list(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<CreditNoteDto[]> {
    const list = await rows<CreditNoteRow>(
      manager,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE n.company_id = $1 AND n.invoice_id = $2 ORDER BY n.credit_note_number`,
      [scope.companyId, invoiceId],
    );
    return list.map(toDto);
  }

  /** One credit note of the invoice; `lock` takes it FOR UPDATE (archiving its PDF once). */
  async one(
    manager: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    id: string,
    lock = false,
  ): Promise<CreditNoteRecord | null> {
    const row = await one<CreditNoteRow & { document_key: string | null }>(
      manager,
      `SELECT ${COLUMNS}, n.document_key FROM ${FROM} WHERE n.company_id = $1 AND n.invoice_id = $2 AND n.id = $3
       ${lock ? 'FOR UPDATE OF n' : ''}`,
      [scope.companyId, invoiceId, id],
    );
    return row ? { ...toDto(row), document_key: row.document_key } : null;
  }

  async setDocument(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    doc: { key: string; sha256: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE credit_notes SET document_key = $3, document_sha256 = $4, archived_at = now()
       WHERE id = $1 AND company_id = $2 AND document_key IS NULL`,
      [id, scope.companyId, doc.key, doc.sha256],
    );
  }
}
