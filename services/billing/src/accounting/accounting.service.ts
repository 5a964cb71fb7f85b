import { Injectable } from '@nestjs/common';
import {
  AGING_BUCKETS,
  DEFAULT_ACCOUNTS,
  DEFAULT_VAT_CODES,
  agingBucketFor,
  vatPeriodRange,
  type AccessTokenClaims,
  type AccountMapping,
  type AccountingSettingsDto,
  type AgingBucket,
  type JournalFormat,
  type JournalResponse,
  type Language,
  type OpenItemDto,
  type OpenItemsResponse,
  type OpenItemsTotals,
  type VatCodeRate,
  type VatFigureLine,
  type VatFiguresResponse,
  type VatMethod,
  type VatPeriod,
} from '@zunft/contracts';
import { one, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { localDate } from '../common/dates.js';
import { AccountingRepository, type EntryRow } from './accounting.repository.js';
import { journalFile, type JournalFile } from './journal-formats.js';
import { OPEN_ITEMS_TEXTS } from './journal-texts.js';
import { accountBalances, allocate, invoiceParts, journalLines, type JournalBasis } from './journal.js';

type Actor = Pick<AccessTokenClaims, 'userId' | 'companyId' | 'role'>;

const cents = (v: string | number) => Math.round(Number(v) * 100);
const money = (c: number) => c / 100;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const PAYMENT_TYPES = new Set(['payment', 'overpayment', 'payment_reversal', 'refund']);

/**
 * The accounting hand-off (issue 26): the journal of the invoice ledger as double entries and as
 * files for Banana, bexio and Abacus; the account mapping; the open items at a date; the VAT
 * figures of a quarter or semester. Reads the ledger, never writes it.
 */
@Injectable()
export class AccountingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: AccountingRepository,
  ) {}

  // ------------------------------------------------------------------------------------ settings

  async settings(actor: Actor, m: EntityManager = this.dataSource.manager): Promise<AccountingSettingsDto> {
    const row = await this.repo.settings(m, TenantScope.fromClaims(actor));
    return {
      accounts: { ...DEFAULT_ACCOUNTS, ...(row?.accounts ?? {}) } as AccountMapping,
      vat_codes: { ...DEFAULT_VAT_CODES, ...(row?.vat_codes ?? {}) } as Record<VatCodeRate, string>,
      vat_method: row?.vat_method ?? 'agreed',
      updated_at: row ? row.updated_at.toISOString() : null,
    };
  }

  async saveSettings(
    actor: Actor,
    input: { accounts: AccountMapping; vatCodes: Record<VatCodeRate, string>; vatMethod: VatMethod },
  ): Promise<AccountingSettingsDto> {
    await this.repo.saveSettings(this.dataSource.manager, TenantScope.fromClaims(actor), actor.userId, input);
    return this.settings(actor);
  }

  // ------------------------------------------------------------------------------------- journal

  /**
   * The bookings from `from` to `to`. Without `includeExported`, bookings an export of another
   * period contained are left out (an export of the same period contains them again: the same
   * period gives the same file). A file format records the export and marks its bookings.
   */
  async journal(
    actor: Actor,
    q: { from: string; to: string; format: JournalFormat; includeExported?: boolean },
  ): Promise<{ json: JournalResponse } | { file: JournalFile }> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const all = await this.repo.entries(m, scope, q.from, q.to);
      const entries = q.includeExported ? all : all.filter((e) => e.exported_at === null || e.same_period);
      const lines = await this.linesOf(m, actor, entries, q.to);
      const settings = await this.settings(actor, m);
      if (q.format === 'json')
        return {
          json: {
            from: q.from,
            to: q.to,
            lines,
            accounts: accountBalances(lines, settings.accounts.vatOwed),
            skipped_exported: all.length - entries.length,
          },
        };
      await this.repo.markExported(m, scope, actor.userId, {
        from: q.from,
        to: q.to,
        format: q.format,
        entryIds: entries.map((e) => e.id),
      });
      return { file: journalFile(q.format, lines, q) };
    });
  }

  private async linesOf(m: EntityManager, actor: Actor, entries: EntryRow[], to: string) {
    const scope = TenantScope.fromClaims(actor);
    const settings = await this.settings(actor, m);
    const ids = [...new Set(entries.map((e) => e.invoice_id))];
    const writeOffs = [...new Set(entries.filter((e) => e.type === 'write_off').map((e) => e.invoice_id))];
    const basis: JournalBasis = {
      invoices: new Map((await this.repo.invoices(m, scope, ids)).map((i) => [i.id, i])),
      creditNotes: entries.some((e) => e.type === 'credit_note') ? await this.repo.creditNotes(m, scope, ids) : [],
      history: await this.repo.history(m, scope, writeOffs, to),
    };
    return journalLines(entries, basis, {
      accounts: settings.accounts,
      vatCodes: settings.vat_codes,
      language: await this.language(m, scope),
    });
  }

  private async language(m: EntityManager, scope: TenantScope): Promise<Language> {
    const r = await one<{ language: string }>(m, `SELECT language FROM companies WHERE id = $1`, [scope.companyId]);
    return r?.language === 'fr' || r?.language === 'it' ? r.language : 'de';
  }

  // ----------------------------------------------------------------------------------- VAT figures

  /**
   * Turnover and VAT per rate of a quarter or semester (MWSTG art. 35: quarterly, or semi-annually
   * with the net tax rate method). Agreed-upon (art. 39 para. 1): the VAT the journal books on
   * invoices, credit notes and losses of the period, exactly. Received-upon (art. 39 para. 2): the
   * payments of the period, after they settled fees and interest (OR 85), spread over the rates of
   * their invoice.
   */
  async vatFigures(actor: Actor, year: number, period: VatPeriod): Promise<VatFiguresResponse> {
    const scope = TenantScope.fromClaims(actor);
    const { from, to } = vatPeriodRange(year, period);
    const m = this.dataSource.manager;
    const settings = await this.settings(actor, m);
    const code = (rate: number) =>
      (settings.vat_codes as Record<string, string>)[String(rate)] ?? `V${String(rate).replace('.', '')}`;
    const acc = new Map<string, { rate: number; currency: 'CHF' | 'EUR'; turnover: number; vat: number }>();
    const add = (currency: 'CHF' | 'EUR', rate: number, turnover: number, vat: number) => {
      const key = `${currency}|${rate}`;
      const row = acc.get(key) ?? { rate, currency, turnover: 0, vat: 0 };
      row.turnover += turnover;
      row.vat += vat;
      acc.set(key, row);
    };
    const entries = await this.repo.entries(m, scope, from, to);
    if (settings.vat_method === 'agreed') {
      for (const l of await this.linesOf(m, actor, entries, to)) {
        if (!l.vat_side || l.vat_rate === null) continue;
        const sign = l.vat_side === 'credit' ? 1 : -1;
        add(l.currency, l.vat_rate, sign * cents(l.amount), sign * cents(l.vat_amount));
      }
    } else {
      const paid = [...new Set(entries.filter((e) => PAYMENT_TYPES.has(e.type)).map((e) => e.invoice_id))];
      const invoices = new Map((await this.repo.invoices(m, scope, paid)).map((i) => [i.id, i]));
      const extras = new Map<string, number>();
      for (const e of await this.repo.history(m, scope, paid, to)) {
        const a = cents(e.amount);
        if (e.type === 'reminder_fee' || e.type === 'interest') {
          extras.set(e.invoice_id, (extras.get(e.invoice_id) ?? 0) + a);
          continue;
        }
        if (!PAYMENT_TYPES.has(e.type)) continue;
        let principal = -a;
        if (principal > 0) {
          const toExtras = Math.min(principal, Math.max(extras.get(e.invoice_id) ?? 0, 0));
          extras.set(e.invoice_id, (extras.get(e.invoice_id) ?? 0) - toExtras);
          principal -= toExtras;
        }
        const inv = invoices.get(e.invoice_id);
        if (e.date < from || !inv || principal === 0) continue;
        const perRate = new Map<number, number>();
        for (const p of invoiceParts(inv, settings.accounts))
          perRate.set(p.rate, (perRate.get(p.rate) ?? 0) + p.grossCents);
        const rates = [...perRate.keys()];
        allocate(principal, [...perRate.values()]).forEach((gross, i) => {
          const rate = rates[i]!;
          add(inv.currency, rate, gross, Math.round((gross * rate) / (100 + rate)));
        });
      }
    }
    const lines: VatFigureLine[] = [...acc.values()]
      .sort((x, y) => x.currency.localeCompare(y.currency) || y.rate - x.rate)
      .map((r) => ({
        rate: r.rate,
        vat_code: code(r.rate),
        currency: r.currency,
        turnover: money(r.turnover),
        net: money(r.turnover - r.vat),
        vat: money(r.vat),
      }));
    const totals = new Map<'CHF' | 'EUR', { currency: 'CHF' | 'EUR'; turnover: number; net: number; vat: number }>();
    for (const l of acc.values()) {
      const t = totals.get(l.currency) ?? { currency: l.currency, turnover: 0, net: 0, vat: 0 };
      t.turnover += l.turnover;
      t.vat += l.vat;
      t.net += l.turnover - l.vat;
      totals.set(l.currency, t);
    }
    return {
      year,
      period,
      from,
      to,
      method: settings.vat_method,
      lines,
      totals: [...totals.values()].map((t) => ({
        currency: t.currency,
        turnover: money(t.turnover),
        net: money(t.net),
        vat: money(t.vat),
      })),
    };
  }

  // ------------------------------------------------------------------------------------ open items

  /** The debtor list at the end of `date` (today in the company's time zone by default), from the ledger. */
  async openItems(actor: Actor, date?: string): Promise<OpenItemsResponse> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    const day = date ?? localDate(await this.repo.timezone(m, scope));
    const rows = await this.repo.openItems(m, scope, day);
    const items: OpenItemDto[] = [];
    const credits: OpenItemsResponse['credits'] = [];
    const totals = new Map<'CHF' | 'EUR', OpenItemsTotals & { c: Record<AgingBucket | 'open' | 'credit', number> }>();
    const totalOf = (currency: 'CHF' | 'EUR') => {
      let t = totals.get(currency);
      if (!t) {
        const zero = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
        t = {
          currency,
          count: 0,
          open: 0,
          buckets: { ...zero },
          credit_balances: 0,
          c: { ...zero, open: 0, credit: 0 },
        };
        totals.set(currency, t);
      }
      return t;
    };
    for (const r of rows) {
      const balance = cents(r.balance);
      const t = totalOf(r.currency);
      if (balance < 0) {
        credits.push({
          invoice_id: r.invoice_id,
          invoice_number: r.invoice_number,
          customer_name: r.customer_name,
          currency: r.currency,
          amount: money(-balance),
        });
        t.c.credit += -balance;
        continue;
      }
      const daysOverdue = Math.max(0, dayNumber(day) - dayNumber(r.due_date));
      const bucket = agingBucketFor(daysOverdue);
      items.push({
        invoice_id: r.invoice_id,
        invoice_number: r.invoice_number,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        currency: r.currency,
        invoice_date: r.invoice_date,
        due_date: r.due_date,
        open_amount: money(balance),
        days_overdue: daysOverdue,
        reminder_level: r.reminder_level,
        bucket,
      });
      t.count += 1;
      t.c.open += balance;
      t.c[bucket] += balance;
    }
    return {
      date: day,
      items,
      credits,
      totals: [...totals.values()]
        .sort((x, y) => x.currency.localeCompare(y.currency))
        .map(({ c, ...t }) => ({
          ...t,
          open: money(c.open),
          credit_balances: money(c.credit),
          buckets: Object.fromEntries(AGING_BUCKETS.map((b) => [b, money(c[b])])) as Record<AgingBucket, number>,
        })),
    };
  }

  /** The open items as CSV (columns in the company's language) for the year-end closing. */
  async openItemsCsv(actor: Actor, date?: string): Promise<JournalFile> {
    const list = await this.openItems(actor, date);
    const t = OPEN_ITEMS_TEXTS[await this.language(this.dataSource.manager, TenantScope.fromClaims(actor))];
    const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const line = (cells: Array<string | number>) => cells.map((c) => cell(String(c))).join(';');
    const rows = [
      line(t.columns),
      ...list.items.map((i) =>
        line([
          i.invoice_number,
          i.customer_name,
          i.invoice_date,
          i.due_date,
          i.days_overdue,
          i.reminder_level,
          i.open_amount.toFixed(2),
          i.currency,
          t.buckets[i.bucket],
        ]),
      ),
      ...list.totals.flatMap((tot) => [
        line([t.total, '', '', '', '', '', tot.open.toFixed(2), tot.currency, '']),
        ...AGING_BUCKETS.map((b) =>
          line([t.total, t.buckets[b], '', '', '', '', tot.buckets[b].toFixed(2), tot.currency, '']),
        ),
        line([t.credits, '', '', '', '', '', (-tot.credit_balances).toFixed(2), tot.currency, '']),
      ]),
    ];
    return {
      filename: `offene-posten-${list.date}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${rows.join('\r\n')}\r\n`,
    };
  }
}
