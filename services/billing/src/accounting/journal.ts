import {
  computeInvoiceTotals,
  openPrincipalCents,
  type AccountMapping,
  type JournalAccountBalance,
  type JournalEntryType,
  type JournalLine,
  type Language,
} from '@zunft/contracts';
import type { CreditNoteBasis, EntryRow, InvoiceBasis } from './accounting.repository.js';
import { JOURNAL_TEXTS } from './journal-texts.js';

/*
 * The journal (issue 26): every entry of the invoice ledger as balanced double entries. Amounts are
 * gross with the VAT in them named (code, amount, side), the way Banana, bexio and Abacus book
 * sales with VAT: an invoice is debtors to revenue per revenue type and rate, its VAT owed to the
 * VAT account (MWSTG art. 39 para. 1, agreed-upon method); a credit note or a write-off lowers the
 * VAT owed on the debit side (MWSTG art. 41 para. 1, Entgeltsminderung); reminder fees and default
 * interest are no consideration and carry no VAT (MWSTG art. 18 para. 2 lit. i).
 */

export interface JournalSettings {
  accounts: AccountMapping;
  vatCodes: Record<string, string>;
  language: Language;
}

export interface JournalBasis {
  invoices: Map<string, InvoiceBasis>;
  creditNotes: CreditNoteBasis[];
  /** Every entry of the invoices with a write-off in the period, up to the period's end, in booking order. */
  history: EntryRow[];
}

type LineDraft = Omit<JournalLine, 'date' | 'document' | 'currency' | 'entry_id' | 'invoice_id' | 'exported_at'>;

const cents = (v: string | number) => Math.round(Number(v) * 100);
const money = (c: number) => c / 100;
const GOODS = new Set(['material']);

/** Splits `total` over `weights` in proportion (the largest weight takes the rounding rest); sums exactly. */
export function allocate(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  let largest = 0;
  weights.forEach((w, i) => {
    if (Math.abs(w) > Math.abs(weights[largest]!)) largest = i;
  });
  if (sum === 0) return weights.map((_, i) => (i === largest ? total : 0));
  const shares = weights.map((w) => Math.round((total * w) / sum));
  shares[largest] = total - shares.reduce((s, v, i) => (i === largest ? s : s + v), 0);
  return shares;
}

/** The gross of an invoice per revenue account and VAT rate (cents), as the invoice's totals rule gives it. */
export function invoiceParts(
  inv: InvoiceBasis,
  accounts: AccountMapping,
): Array<{ account: string; rate: number; grossCents: number; vatCents: number }> {
  const items = inv.items.map((it) => ({
    account: GOODS.has(it.type) ? accounts.revenueGoods : accounts.revenueServices,
    net: cents(it.total_price),
    rate: Number(it.vat_rate),
  }));
  const totals = computeInvoiceTotals(
    items.map((it) => ({ quantity: 1, unitPrice: it.net / 100, vatRate: it.rate })),
    Number(inv.vat_rate),
    inv.currency,
  );
  const vatByRate = new Map(totals.vat_breakdown.map((b) => [b.rate, cents(b.vat)]));
  // The stored VAT wins (a final invoice deducts the VAT its stage invoices showed): the difference
  // goes to the rate with the most turnover.
  const diff = cents(inv.vat_amount) - [...vatByRate.values()].reduce((s, v) => s + v, 0);
  if (diff !== 0 && totals.vat_breakdown.length > 0) {
    const top = [...totals.vat_breakdown].sort((a, b) => Math.abs(b.net) - Math.abs(a.net))[0]!;
    vatByRate.set(top.rate, (vatByRate.get(top.rate) ?? 0) + diff);
  }
  const groups = new Map<string, { account: string; rate: number; net: number }>();
  for (const it of items) {
    const key = `${it.rate}|${it.account}`;
    const g = groups.get(key) ?? { account: it.account, rate: it.rate, net: 0 };
    g.net += it.net;
    groups.set(key, g);
  }
  const parts: Array<{ account: string; rate: number; grossCents: number; vatCents: number }> = [];
  for (const [rate, vat] of vatByRate) {
    const ofRate = [...groups.values()]
      .filter((g) => g.rate === rate)
      .sort((a, b) => a.account.localeCompare(b.account));
    const shares = allocate(
      vat,
      ofRate.map((g) => g.net),
    );
    ofRate.forEach((g, i) =>
      parts.push({ account: g.account, rate, grossCents: g.net + shares[i]!, vatCents: shares[i]! }),
    );
  }
  return parts.sort((a, b) => b.rate - a.rate || a.account.localeCompare(b.account));
}

/** The open principal of an invoice just before `entryId` (OR 85 para. 1: payments settle fees and interest first). */
function principalBefore(history: EntryRow[], invoiceId: string, entryId: string): number {
  const sums = { total: 0, credited: 0, writtenOff: 0, paid: 0, fees: 0, interest: 0 };
  for (const e of history) {
    if (e.invoice_id !== invoiceId) continue;
    if (e.id === entryId) break;
    const a = cents(e.amount);
    if (e.type === 'invoice') sums.total += a;
    else if (e.type === 'credit_note') sums.credited -= a;
    else if (e.type === 'write_off') sums.writtenOff -= a;
    else if (e.type === 'reminder_fee') sums.fees += a;
    else if (e.type === 'interest') sums.interest += a;
    else sums.paid -= a;
  }
  return openPrincipalCents({
    totalCents: sums.total,
    creditedCents: sums.credited,
    writtenOffCents: sums.writtenOff,
    paidCents: sums.paid,
    feesCents: sums.fees,
    interestCents: sums.interest,
  });
}

/** The booking lines of ledger entries (in their order); a line per revenue account and VAT rate where the entry has several. */
export function journalLines(entries: EntryRow[], basis: JournalBasis, s: JournalSettings): JournalLine[] {
  const a = s.accounts;
  const t = JOURNAL_TEXTS[s.language];
  const code = (rate: number) => s.vatCodes[String(rate)] ?? `V${String(rate).replace('.', '')}`;
  const out: JournalLine[] = [];

  for (const e of entries) {
    const amount = cents(e.amount);
    const inv = basis.invoices.get(e.invoice_id);
    const drafts: LineDraft[] = [];
    /** Positive `c`: debtors in debit (the customer owes more); negative: debtors in credit. */
    const simple = (type: JournalEntryType, c: number, other: string, text: string) => {
      if (c === 0) return;
      drafts.push({
        type,
        text,
        debit: c > 0 ? a.debtors : other,
        credit: c > 0 ? other : a.debtors,
        amount: money(Math.abs(c)),
        vat_code: '',
        vat_amount: 0,
        vat_rate: null,
        vat_side: null,
      });
    };
    /** A line with VAT: `c` > 0 books revenue (VAT owed, credit side), `c` < 0 lowers it (debit side). */
    const withVat = (type: JournalEntryType, c: number, vatC: number, rate: number, other: string, text: string) => {
      if (c === 0 && vatC === 0) return;
      const up = c > 0;
      drafts.push({
        type,
        text,
        debit: up ? a.debtors : other,
        credit: up ? other : a.debtors,
        amount: money(Math.abs(c)),
        vat_code: code(rate),
        vat_amount: money(Math.abs(vatC)),
        vat_rate: rate,
        vat_side: up ? 'credit' : 'debit',
      });
    };
    const who = `${e.invoice_number} ${e.customer_name}`;
    const bankOf = (method: EntryRow['payment_method']) =>
      method === 'cash' ? a.cash : method === 'card' ? a.card : a.bank;

    switch (e.type) {
      case 'invoice': {
        const parts = inv ? invoiceParts(inv, a) : [];
        let rest = amount;
        for (const p of parts) {
          withVat('invoice', p.grossCents, p.vatCents, p.rate, p.account, `${t.invoice} ${who}`);
          rest -= p.grossCents;
        }
        simple('rounding', rest, a.rounding, `${t.rounding} ${who}`);
        break;
      }
      case 'credit_note': {
        const note = basis.creditNotes.find(
          (n) => n.invoice_id === e.invoice_id && n.credit_note_number === e.reference,
        );
        let rest = amount;
        for (const b of note?.vat_breakdown ?? []) {
          const gross = cents(b.net) + cents(b.vat);
          withVat('credit_note', -gross, cents(b.vat), b.rate, a.creditNotes, `${t.creditNote} ${e.reference} ${who}`);
          rest += gross;
        }
        simple('rounding', rest, note ? a.rounding : a.creditNotes, `${t.creditNote} ${e.reference ?? ''} ${who}`);
        break;
      }
      case 'write_off': {
        const w = -amount;
        const principal = inv ? Math.min(Math.max(w, 0), principalBefore(basis.history, e.invoice_id, e.id)) : 0;
        const perRate = new Map<number, number>();
        for (const p of inv ? invoiceParts(inv, a) : []) perRate.set(p.rate, (perRate.get(p.rate) ?? 0) + p.grossCents);
        const rates = [...perRate.keys()];
        const shares = allocate(principal, [...perRate.values()]);
        rates.forEach((rate, i) => {
          const gross = shares[i]!;
          const vat = Math.round((gross * rate) / (100 + rate));
          withVat('write_off', -gross, vat, rate, a.losses, `${t.writeOff} ${who}`);
        });
        simple('write_off', -(w - principal), a.losses, `${t.writeOffFees} ${who}`);
        break;
      }
      case 'payment':
      case 'overpayment':
        // A payment without a payment record moves a credit balance from another invoice (apply-credit).
        simple(
          e.type,
          amount,
          e.payment_id ? bankOf(e.payment_method) : a.debtors,
          `${e.type === 'payment' ? t.payment : t.overpayment} ${who}`,
        );
        break;
      case 'payment_reversal':
        simple(e.type, amount, bankOf(e.payment_method), `${t.reversal} ${who}`);
        break;
      case 'refund':
        // A refund naming another invoice moved the balance there (apply-credit); otherwise money left the bank.
        simple(e.type, amount, e.reference ? a.debtors : a.bank, `${t.refund} ${who}`);
        break;
      case 'reminder_fee':
        simple(e.type, amount, a.reminderFees, `${t.reminderFee} ${who}`);
        break;
      case 'interest':
        simple(e.type, amount, a.interest, `${t.interest} ${who}`);
        break;
    }
    for (const d of drafts)
      out.push({
        ...d,
        date: e.date,
        document: e.type === 'credit_note' && e.reference ? e.reference : e.invoice_number,
        currency: e.currency,
        entry_id: e.id,
        invoice_id: e.invoice_id,
        exported_at: e.exported_at ? e.exported_at.toISOString() : null,
      });
  }
  return out;
}

/** What the lines put on each account (the VAT of a line on the VAT account, on the line's VAT side). */
export function accountBalances(lines: JournalLine[], vatAccount: string): JournalAccountBalance[] {
  const acc = new Map<string, { account: string; currency: 'CHF' | 'EUR'; debit: number; credit: number }>();
  const add = (account: string, currency: 'CHF' | 'EUR', side: 'debit' | 'credit', c: number) => {
    const key = `${currency}|${account}`;
    const row = acc.get(key) ?? { account, currency, debit: 0, credit: 0 };
    row[side] += c;
    acc.set(key, row);
  };
  for (const l of lines) {
    const amount = cents(l.amount);
    const vat = cents(l.vat_amount);
    add(l.debit, l.currency, 'debit', l.vat_side === 'debit' ? amount - vat : amount);
    add(l.credit, l.currency, 'credit', l.vat_side === 'credit' ? amount - vat : amount);
    if (l.vat_side && vat !== 0) add(vatAccount, l.currency, l.vat_side, vat);
  }
  return [...acc.values()]
    .sort((x, y) => x.currency.localeCompare(y.currency) || x.account.localeCompare(y.account))
    .map((r) => ({ ...r, debit: money(r.debit), credit: money(r.credit), balance: money(r.debit - r.credit) }));
}
