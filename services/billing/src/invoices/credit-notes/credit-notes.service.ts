import { Injectable } from '@nestjs/common';
import {
  roundMoney,
  roundToFiveRappen,
  type CreateCreditNoteRequestParsed,
  type CreditNoteDto,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../common/actor.js';
import { InvoiceLedger } from '../../ledger/index.js';
import { InvoiceErrors } from '../invoices.errors.js';
import { InvoicesService } from '../invoices.service.js';
import { CreditNotesRepository } from './credit-notes.repository.js';

/**
 * Credit notes (Gutschriften) of an issued invoice: numbered GS-YYYY-NNNN, the VAT reversed per rate
 * (MWSTG art. 27 para. 2, art. 41: the supplier corrects the tax of the credited part), and the
 * gross amount booked as a `credit_note` ledger entry (lowers the open amount; beyond it, a credit
 * balance). At most the invoiced total can be credited (400). A never-issued draft is deleted, not
 * credited (409). No PDF yet.
 */
@Injectable()
export class CreditNotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: CreditNotesRepository,
    private readonly invoices: InvoicesService,
    private readonly ledger: InvoiceLedger,
  ) {}

  async list(actor: Actor, invoiceId: string): Promise<CreditNoteDto[]> {
    await this.invoices.get(actor, invoiceId);
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), invoiceId);
  }

  async create(actor: Actor, invoiceId: string, input: CreateCreditNoteRequestParsed): Promise<CreditNoteDto> {
    const scope = TenantScope.fromClaims(actor);
    const id = await this.dataSource.transaction(async (m) => {
      const invoice = await this.ledger.lock(m, scope, invoiceId);
      if (!invoice) throw InvoiceErrors.notFound();
      if (invoice.issued_at === null) throw InvoiceErrors.creditNoteOnDraft();
      const invoiceRate = Number(invoice.vat_rate);
      let items: CreditNoteDto['items'] = [];
      const byRate = new Map<number, number>();
      let total: number;
      if (input.items && input.items.length > 0) {
        items = input.items.map((it) => {
          const rate = it.vatRate ?? invoiceRate;
          const line = roundMoney(it.quantity * it.unitPrice);
          byRate.set(rate, roundMoney((byRate.get(rate) ?? 0) + line));
          return {
            title: it.title,
            quantity: it.quantity,
            unit_price: it.unitPrice,
            vat_rate: rate,
            total_price: line,
          };
        });
        const gross = [...byRate].reduce((s, [rate, net]) => s + net + roundMoney((net * rate) / 100), 0);
        total = invoice.currency === 'CHF' ? roundToFiveRappen(roundMoney(gross)) : roundMoney(gross);
      } else {
        // A gross amount at the invoice's rate: net = amount / (1 + rate).
        total = input.amount!;
        byRate.set(invoiceRate, roundMoney(total / (1 + invoiceRate / 100)));
      }
      const breakdown = [...byRate].map(([rate, net]) => ({ rate, net, vat: roundMoney((net * rate) / 100) }));
      if (input.amount !== undefined && !(input.items && input.items.length > 0)) {
        breakdown[0]!.vat = roundMoney(total - breakdown[0]!.net);
      }
      const net = roundMoney(breakdown.reduce((s, b) => s + b.net, 0));
      const vat = roundMoney(breakdown.reduce((s, b) => s + b.vat, 0));
      const cents = Math.round(total * 100);
      if (cents + Math.round(Number(invoice.credited_amount) * 100) > Math.round(Number(invoice.total_amount) * 100))
        throw InvoiceErrors.creditNoteTooHigh();
      const today = await this.invoices.today(m, scope);
      const number = await this.repo.nextNumber(m, scope, today.slice(0, 4));
      const created = await this.repo.insert(m, scope, {
        invoice_id: invoiceId,
        credit_note_number: number,
        credit_date: today,
        reason: input.reason,
        items,
        vat_breakdown: breakdown,
        net,
        vat_amount: vat,
        total,
        createdBy: actor.userId,
      });
      await this.ledger.post(
        m,
        scope,
        actor.userId,
        [{ invoiceId, type: 'credit_note', date: today, amountCents: -cents, reference: number }],
        today,
      );
      return created;
    });
    const notes = await this.repo.list(this.dataSource.manager, scope, invoiceId);
    return notes.find((n) => n.id === id)!;
  }
}
