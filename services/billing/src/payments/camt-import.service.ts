import { Injectable, Logger } from '@nestjs/common';
import type { CamtImportMatch, CamtImportResponse, CamtImportUnmatched } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { localDate } from '../common/dates.js';
import { InvoiceErrors } from '../invoices/invoices.errors.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { CamtFileError, parseCamt054 } from './camt054.js';
import type { UploadedCamtFile } from './camt-upload.interceptor.js';

const chf = (cents: number) => cents / 100;

/**
 * POST /invoices/payments/import: books the customer credits of a camt.054 file on the invoices
 * whose QRR or SCOR reference they carry. All in one transaction: a file that cannot be read
 * records nothing. A bank transaction is booked once per company (its bank reference is unique),
 * so importing the same file again lists every credit as a duplicate. Returns, reversals,
 * pending and debit entries are listed as ignored and never booked.
 */
@Injectable()
export class CamtImportService {
  private readonly logger = new Logger(CamtImportService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InvoicesRepository,
    private readonly invoices: InvoicesService,
  ) {}

  async import(actor: Actor, file: UploadedCamtFile | undefined): Promise<CamtImportResponse> {
    if (!file || file.size === 0) throw InvoiceErrors.importNoFile();
    let parsed;
    try {
      parsed = parseCamt054(file.buffer);
    } catch (error) {
      if (error instanceof CamtFileError) throw InvoiceErrors.importRefused(error.code, error.message);
      throw error;
    }
    const scope = TenantScope.fromClaims(actor);
    const result = await this.dataSource.transaction(async (m) => {
      const company = await this.repo.company(m, scope.companyId);
      const today = localDate(company?.timezone);
      const booked = await this.repo.bookedBankReferences(
        m,
        scope,
        parsed.credits.map((c) => c.key),
      );
      const matched: CamtImportMatch[] = [];
      const unmatched: CamtImportUnmatched[] = [];
      const duplicates: CamtImportResponse['duplicates'] = [];
      const invoices = await this.repo.lockByReferences(
        m,
        scope,
        parsed.credits.map((c) => c.reference).filter((r): r is string => r !== null),
      );
      for (const credit of parsed.credits) {
        const amount = chf(credit.amountCents);
        if (booked.has(credit.key)) {
          duplicates.push({ bank_reference: credit.key, reference: credit.reference, amount });
          continue;
        }
        const invoice = credit.reference ? invoices.get(credit.reference) : undefined;
        if (!invoice || invoice.currency !== credit.currency) {
          unmatched.push({
            reference: credit.reference,
            amount,
            currency: credit.currency,
            payment_date: credit.bookingDate,
            debtor_name: credit.debtorName,
            bank_reference: credit.key,
          });
          continue;
        }
        const paymentDate = credit.bookingDate ?? today;
        const after = await this.invoices.book(m, scope, actor.userId, invoice.id, {
          amount,
          paymentDate,
          method: 'bank',
          source: 'camt054',
          bankReference: credit.key,
          debtorName: credit.debtorName,
        });
        if (!after) {
          duplicates.push({ bank_reference: credit.key, reference: credit.reference, amount });
          continue;
        }
        matched.push({
          invoice_id: invoice.id,
          invoice_number: invoice.invoice_number,
          reference: credit.reference!,
          amount,
          payment_date: paymentDate,
          debtor_name: credit.debtorName,
          status: after.status === 'paid' ? 'paid' : 'part_paid',
          open_amount: after.open_amount,
        });
      }
      return { matched, unmatched, duplicates };
    });
    this.logger.log({
      msg: 'camt.054 imported',
      companyId: actor.companyId,
      matched: result.matched.length,
      unmatched: result.unmatched.length,
      duplicates: result.duplicates.length,
    });
    return {
      message: `${result.matched.length} Zahlung(en) verbucht, ${result.unmatched.length} nicht zugeordnet, ${result.duplicates.length} bereits importiert`,
      version: `camt.054.001.${parsed.version}`,
      ...result,
      ignored: parsed.skipped.map((s) => ({
        bank_reference: s.key,
        reason: s.reason,
        amount: s.amountCents === null ? null : chf(s.amountCents),
      })),
    };
  }
}
