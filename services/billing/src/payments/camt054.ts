import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isValidQrr, isValidScor } from '../invoices/payment-reference.js';

/**
 * Reader of ISO 20022 bank files: camt.054 debit/credit notifications and camt.053 statements
 * (versions .001.04 and .001.08, as Swiss banks deliver them for QR-bill payments). It returns
 * every booked customer credit (one per transaction, so a collective credit gives one credit per
 * payment) with its structured reference and the account it was booked on, every reversal that
 * carries a reference (`RvslInd` true, or a debit with the reference), and says why the other
 * transactions are not payments.
 * Nothing here touches the database: a file that cannot be read throws CamtFileError and the
 * caller records nothing.
 */

export const CAMT054_VERSIONS = ['04', '08'] as const;
export type Camt054Version = (typeof CAMT054_VERSIONS)[number];

export type CamtReferenceType = 'QRR' | 'SCOR';

export interface CamtCredit {
  /**
   * Stable key of this transaction per account: the account with the bank's references (entry
   * and transaction `AcctSvcrRef`), else the account with reference, booking date, amount and
   * debtor. A re-import finds it again; a different payment with the same reference and amount
   * (another day or debtor, another account) does not collide.
   */
  key: string;
  /** The key imports before issue 23 used (without the account): a file imported then is still a duplicate. */
  legacyKey: string;
  /** IBAN of the account the file reports (`Acct/Id/IBAN`), without spaces; null when the file names none. */
  account: string | null;
  /** QRR (27 digits) or SCOR (RF…) without spaces; null when the payment carries none. */
  reference: string | null;
  referenceType: CamtReferenceType | null;
  /** Amount in Rappen/cents (exact). */
  amountCents: number;
  currency: string;
  /** yyyy-MM-dd: booking date, else value date, else the acceptance date. */
  bookingDate: string | null;
  debtorName: string | null;
}

export type CamtSkipReason = 'debit' | 'reversal' | 'return' | 'not_booked';

/** A reversal of an earlier credit (`RvslInd` true, or a debit carrying the reference). */
export type CamtReversal = CamtCredit & { reference: string };

export interface CamtSkipped {
  key: string;
  reason: CamtSkipReason;
  reference: string | null;
  amountCents: number | null;
}

export interface Camt054File {
  /** '054' (notification) or '053' (statement). */
  message: '053' | '054';
  version: Camt054Version;
  messageId: string | null;
  /** Every account the file reports on (IBAN without spaces). */
  accounts: string[];
  credits: CamtCredit[];
  reversals: CamtReversal[];
  skipped: CamtSkipped[];
}

export type CamtErrorCode = 'camt_malformed' | 'camt_wrong_type' | 'camt_incomplete';

export const CAMT_MESSAGES = {
  malformed: 'Die Datei ist kein gültiges XML und wurde nicht eingelesen.',
  wrongType:
    'Die Datei ist keine camt.054-Gutschriftsanzeige oder camt.053-Kontoauszug (erwartet: Version .001.04 oder .001.08) und wurde nicht eingelesen.',
  incomplete: 'Die Bankdatei ist unvollständig (Buchung ohne gültigen Betrag) und wurde nicht eingelesen.',
} as const;

export class CamtFileError extends Error {
  readonly code: CamtErrorCode;

  constructor(code: CamtErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Ntfctn', 'Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'CdtrRefInf', 'AddtlRmtInf', 'Ustrd']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const asNode = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(asNode).filter((n): n is Node => !!n) : []);

/** Text of a leaf (a string, or an element with attributes whose text is `#text`). */
function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  const n = asNode(v);
  if (n && typeof n['#text'] === 'string') return (n['#text'] as string).trim() || null;
  return null;
}

function path(node: Node | undefined, ...keys: string[]): unknown {
  let cur: unknown = node;
  for (const k of keys) {
    const n = asNode(cur);
    if (!n) return undefined;
    cur = n[k];
  }
  return cur;
}

/** "1692.22" → 169222; null when it is not a positive decimal amount with at most 2 decimals. */
function cents(v: unknown): number | null {
  const s = text(v);
  if (!s || !/^\d{1,15}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const currencyOf = (amt: unknown): string => {
  const n = asNode(amt);
  return (n && typeof n['@Ccy'] === 'string' ? (n['@Ccy'] as string) : 'CHF').toUpperCase();
};

/** v04: <Sts>BOOK</Sts>; v08: <Sts><Cd>BOOK</Cd></Sts>. */
const statusOf = (entry: Node): string | null => text(entry['Sts']) ?? text(path(entry, 'Sts', 'Cd'));

const dateOf = (...candidates: unknown[]): string | null => {
  for (const c of candidates) {
    const s = text(c);
    if (s && /^\d{4}-\d{2}-\d{2}/.test(s)) return s.slice(0, 10);
  }
  return null;
};

/** The structured creditor reference of a transaction: typed QRR/SCOR, or an untyped one that is a valid QRR/SCOR. */
function referenceOf(tx: Node): { reference: string | null; referenceType: CamtReferenceType | null } {
  for (const strd of list(path(tx, 'RmtInf', 'Strd'))) {
    for (const cri of list(strd['CdtrRefInf'])) {
      const raw = text(cri['Ref']);
      if (!raw) continue;
      const ref = raw.replace(/\s/g, '').toUpperCase();
      const prtry = text(path(cri, 'Tp', 'CdOrPrtry', 'Prtry'));
      const cd = text(path(cri, 'Tp', 'CdOrPrtry', 'Cd'));
      if (prtry === 'QRR' || (!prtry && !cd && /^\d{27}$/.test(ref))) {
        if (isValidQrr(ref)) return { reference: ref, referenceType: 'QRR' };
      } else if (cd === 'SCOR' || (!prtry && !cd && ref.startsWith('RF'))) {
        if (isValidScor(ref)) return { reference: ref, referenceType: 'SCOR' };
      }
    }
  }
  return { reference: null, referenceType: null };
}

function debtorOf(tx: Node): string | null {
  const parties = asNode(tx['RltdPties']);
  // v08 wraps the party in <Pty>; v04 has <Nm> directly. The ultimate debtor is the better name.
  for (const who of ['UltmtDbtr', 'Dbtr']) {
    const name = text(path(parties, who, 'Nm')) ?? text(path(parties, who, 'Pty', 'Nm'));
    if (name) return name;
  }
  return null;
}

const isReturn = (entry: Node, tx: Node): boolean =>
  tx['RtrInf'] !== undefined ||
  [entry, tx].some((n) => text(path(n, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd')) === 'RRTN');

/** Reads a camt.054 or camt.053 file. Throws CamtFileError for malformed XML, another message type or an entry without amount. */
export function parseCamt054(xml: string | Buffer): Camt054File {
  const source = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (XMLValidator.validate(source) !== true) throw new CamtFileError('camt_malformed', CAMT_MESSAGES.malformed);
  let doc: Node;
  try {
    doc = parser.parse(source) as Node;
  } catch {
    throw new CamtFileError('camt_malformed', CAMT_MESSAGES.malformed);
  }
  const document = asNode(doc['Document']);
  // The message type is the namespace declared on the root element (prefixes are dropped by the parser).
  const root = /<(?:[A-Za-z0-9_-]+:)?Document\b[^>]*>/.exec(source)?.[0] ?? '';
  const ns = /xmlns(?::[A-Za-z0-9_-]+)?="urn:iso:std:iso:20022:tech:xsd:camt\.(05[34])\.001\.(\d{2})"/.exec(root);
  const message = ns?.[1] as '053' | '054' | undefined;
  const version = ns?.[2];
  const body = asNode(document?.[message === '053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn']);
  if (!message || !version || !(CAMT054_VERSIONS as readonly string[]).includes(version) || !body) {
    throw new CamtFileError('camt_wrong_type', CAMT_MESSAGES.wrongType);
  }
  const messageId = text(path(body, 'GrpHdr', 'MsgId'));

  const credits: CamtCredit[] = [];
  const reversals: CamtReversal[] = [];
  const skipped: CamtSkipped[] = [];
  const accounts = new Set<string>();
  list(body[message === '053' ? 'Stmt' : 'Ntfctn']).forEach((report, n) => {
    const iban = text(path(report, 'Acct', 'Id', 'IBAN'));
    const account = iban ? iban.replace(/\s/g, '').toUpperCase() : null;
    if (account) accounts.add(account);
    list(report['Ntry']).forEach((entry, e) => {
      const entryCents = cents(entry['Amt']);
      if (entryCents === null) throw new CamtFileError('camt_incomplete', CAMT_MESSAGES.incomplete);
      const entryBankRef = text(entry['AcctSvcrRef']);
      const entryRef = entryBankRef ?? text(entry['NtryRef']) ?? `${messageId ?? ''}/${n}/${e}`;
      const entryCredit = text(entry['CdtDbtInd']) === 'CRDT';
      const reversal = text(entry['RvslInd']) === 'true';
      const booked = statusOf(entry) === 'BOOK';
      const bookingDate = dateOf(
        path(entry, 'BookgDt', 'Dt'),
        path(entry, 'ValDt', 'Dt'),
        path(entry, 'BookgDt', 'DtTm'),
      );
      const txs = list(entry['NtryDtls']).flatMap((d) => list(d['TxDtls']));
      const details = txs.length > 0 ? txs : [{} as Node];
      details.forEach((tx, t) => {
        const txAmount = tx['Amt'] ?? path(tx, 'AmtDtls', 'TxAmt', 'Amt');
        const amountCents = details.length === 1 && txAmount === undefined ? entryCents : cents(txAmount);
        if (amountCents === null) throw new CamtFileError('camt_incomplete', CAMT_MESSAGES.incomplete);
        const txRef = text(path(tx, 'Refs', 'AcctSvcrRef'));
        const legacyKey = txRef && txRef !== entryRef ? `${entryRef}/${txRef}` : `${entryRef}/${t}`;
        const { reference, referenceType } = referenceOf(tx);
        const debtorName = debtorOf(tx);
        const date = bookingDate ?? dateOf(path(tx, 'RltdDts', 'AccptncDtTm'));
        const acct = account ?? '-';
        const key =
          txRef || entryBankRef
            ? `${acct}|${entryBankRef ?? ''}|${txRef && txRef !== entryBankRef ? txRef : t}`
            : `${acct}|${reference ?? '-'}|${date ?? '-'}|${amountCents}|${debtorName ?? '-'}|${t}`;
        const txCredit = (text(tx['CdtDbtInd']) ?? 'CRDT') === 'CRDT';
        const item: CamtCredit = {
          key,
          legacyKey,
          account,
          reference,
          referenceType,
          amountCents,
          currency: currencyOf(txAmount ?? entry['Amt']),
          bookingDate: date,
          debtorName,
        };
        let reason: CamtSkipReason | null = null;
        if (!booked) reason = 'not_booked';
        else if (isReturn(entry, tx)) reason = 'return';
        else if ((reversal || !entryCredit || !txCredit) && reference) {
          reversals.push({ ...item, reference });
          return;
        } else if (!entryCredit || !txCredit) reason = 'debit';
        else if (reversal) reason = 'reversal';
        if (reason) {
          skipped.push({ key, reason, reference, amountCents });
          return;
        }
        credits.push(item);
      });
    });
  });
  return {
    message,
    version: version as Camt054Version,
    messageId,
    accounts: [...accounts],
    credits,
    reversals,
    skipped,
  };
}

/** A short hash of a file's bytes (kept with the import for the log). */
export const fileHash = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
