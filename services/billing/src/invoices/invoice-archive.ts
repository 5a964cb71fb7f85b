import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * The archive of issued documents (issue 22; GeBüV art. 9/10: unchanged and verifiable): the PDF
 * an invoice or reminder was issued with is stored once in the FileStorage and every later
 * download returns those very bytes, whatever changed in the settings (IBAN, address, logo, VAT
 * number). Its SHA-256 is kept beside it (`document_sha256`).
 */
@Injectable()
export class InvoiceArchive {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  invoiceKey(companyId: string, invoiceId: string): string {
    return `${companyId}/invoices/${invoiceId}/invoice.pdf`;
  }

  reminderKey(companyId: string, invoiceId: string, reminderId: string): string {
    return `${companyId}/invoices/${invoiceId}/reminders/${reminderId}.pdf`;
  }

  creditNoteKey(companyId: string, invoiceId: string, creditNoteId: string): string {
    return `${companyId}/invoices/${invoiceId}/credit-notes/${creditNoteId}.pdf`;
  }

  /** Stores the PDF (inside the caller's transaction); returns its SHA-256 (hex). */
  async store(m: EntityManager, companyId: string, key: string, pdf: Buffer): Promise<string> {
    const info = await this.storage.put(key, pdf, { contentType: 'application/pdf', companyId }, m);
    return info.sha256;
  }

  async read(key: string): Promise<Buffer | null> {
    return (await this.storage.get(key))?.data ?? null;
  }
}
