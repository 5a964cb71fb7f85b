import type { JournalFormat, JournalLine } from '@zunft/contracts';

/*
 * The journal as files (issue 26; documented in services/billing/README.md «Buchhaltung»):
 * - csv: the generic, documented CSV (UTF-8 with BOM, `;`, CRLF, one line per booking line).
 * - banana: Banana Accounting's «Import transactions» text file: tab-separated, the first row the
 *   Transactions table's column names (Date, Doc, Description, AccountDebit, AccountCredit, Amount,
 *   VatCode), dates yyyy-mm-dd, decimal point; a VAT code with a minus sign (-V81) lowers the VAT
 *   owed (Banana's rule for credit notes).
 * - bexio: a CSV of manual entries with bexio's manual entry fields (date dd.mm.yyyy, reference,
 *   debit and credit account, amount, currency, tax code, text); bexio publishes no import file
 *   specification, so the columns are mapped once in bexio's import dialog.
 * - abacus: Abacus' FIBU import (AbaConnect) is not public: the generic CSV.
 */

export interface JournalFile {
  filename: string;
  contentType: string;
  body: string;
}

const GENERIC_COLUMNS = [
  'date',
  'document',
  'text',
  'debit',
  'credit',
  'amount',
  'vat_code',
  'vat_rate',
  'vat_amount',
  'vat_side',
  'currency',
  'type',
  'entry_id',
] as const;

export const BANANA_COLUMNS = [
  'Date',
  'Doc',
  'Description',
  'AccountDebit',
  'AccountCredit',
  'Amount',
  'VatCode',
] as const;

const BEXIO_COLUMNS = ['Datum', 'Referenz', 'Soll', 'Haben', 'Betrag', 'Währung', 'Steuer', 'Beschreibung'] as const;

const csvCell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvLine = (cells: string[]) => cells.map(csvCell).join(';');
/** A tab-separated cell has no tab or line break. */
const tsvCell = (v: string) => v.replace(/[\t\r\n]+/g, ' ');
const fixed = (n: number) => n.toFixed(2);
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** Banana's VAT code: minus sign where the booking lowers the VAT owed. */
export const bananaVatCode = (l: JournalLine) => (l.vat_code && l.vat_side === 'debit' ? `-${l.vat_code}` : l.vat_code);

function genericCsv(lines: JournalLine[]): string {
  const rows = [
    csvLine([...GENERIC_COLUMNS]),
    ...lines.map((l) =>
      csvLine([
        l.date,
        l.document,
        l.text,
        l.debit,
        l.credit,
        fixed(l.amount),
        l.vat_code,
        l.vat_rate === null ? '' : String(l.vat_rate),
        l.vat_side ? fixed(l.vat_amount) : '',
        l.vat_side ?? '',
        l.currency,
        l.type,
        l.entry_id,
      ]),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

function banana(lines: JournalLine[]): string {
  const rows = [
    BANANA_COLUMNS.join('\t'),
    ...lines.map((l) =>
      [l.date, l.document, l.text, l.debit, l.credit, fixed(l.amount), l.vat_side ? bananaVatCode(l) : '']
        .map(tsvCell)
        .join('\t'),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

function bexio(lines: JournalLine[]): string {
  const rows = [
    csvLine([...BEXIO_COLUMNS]),
    ...lines.map((l) =>
      csvLine([
        swissDate(l.date),
        l.document,
        l.debit,
        l.credit,
        fixed(l.amount),
        l.currency,
        l.vat_side ? l.vat_code : '',
        l.text,
      ]),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

export function journalFile(
  format: Exclude<JournalFormat, 'json'>,
  lines: JournalLine[],
  period: { from: string; to: string },
): JournalFile {
  const base = `buchungen-${period.from}-${period.to}`;
  switch (format) {
    case 'banana':
      return {
        filename: `${base}-banana.txt`,
        contentType: 'text/tab-separated-values; charset=utf-8',
        body: banana(lines),
      };
    case 'bexio':
      return { filename: `${base}-bexio.csv`, contentType: 'text/csv; charset=utf-8', body: bexio(lines) };
    case 'abacus':
      return { filename: `${base}-abacus.csv`, contentType: 'text/csv; charset=utf-8', body: genericCsv(lines) };
    case 'csv':
      return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: genericCsv(lines) };
  }
}

/** Reads a Banana import file back (the scenario test checks it gives the same bookings). */
export function parseBanana(text: string): Array<Record<(typeof BANANA_COLUMNS)[number], string>> {
  const [head, ...rest] = text.replace(/\r\n$/, '').split('\r\n');
  const cols = head!.split('\t');
  return rest.map((row) => {
    const cells = row.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? ''])) as Record<
      (typeof BANANA_COLUMNS)[number],
      string
    >;
  });
}
