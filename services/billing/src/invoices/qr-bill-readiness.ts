import {
  QR_BILL_SETTING_NAMES,
  serverMessage,
  type InvoiceDetailDto,
  type Language,
  type QrBillAddress,
  type QrBillData,
  type QrWarning,
  type QrWarningField,
} from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';
import { toQrText } from '../documents/qr-bill/qr-charset.js';
import { QR_FIELD_LENGTHS, QR_MAX_AMOUNT } from '../documents/qr-bill/qr-payload.js';
import { swicoS1 } from '../documents/qr-bill/swico-s1.js';
import type { CustomerInfo } from '../directory/index.js';
import type { BillingCompany } from './invoices.repository.js';
import { referenceFor } from './payment-reference.js';

/**
 * What the QR bill still lacks (SIX IG 2.3: the creditor account and structured addresses, type S,
 * of creditor and debtor). Empty = the invoice can be downloaded and sent.
 */
export function missingQrBillSettings(company: BillingCompany | null, customer: CustomerInfo | null): string[] {
  const missing: string[] = [];
  if (!company?.company_iban) missing.push(QR_BILL_SETTING_NAMES.iban);
  if (!company?.street?.trim() || !company.zip?.trim() || !company.city?.trim() || !company.name?.trim()) {
    missing.push(QR_BILL_SETTING_NAMES.companyAddress);
  }
  const foreign = customerCountry(customer) !== 'CH';
  // A foreign address without postcode has its own message (qrBillErrors.postcodeMissing).
  if (!customer?.address?.trim() || (!customer.zip?.trim() && !foreign) || !customer.city?.trim()) {
    missing.push(QR_BILL_SETTING_NAMES.customerAddress);
  }
  return missing;
}

export class QrBillError extends DomainError {}

export const qrBillErrors = {
  postcodeMissing: (country: string) =>
    new QrBillError('qr_bill_postcode_missing', serverMessage('qr_bill_postcode_missing', { country }), 400),
  amountTooHigh: (amount: number) =>
    new QrBillError(
      'qr_bill_amount_too_high',
      serverMessage('qr_bill_amount_too_high', { amount: amount.toFixed(2) }),
      400,
    ),
} as const;

const customerCountry = (customer: CustomerInfo | null) => (customer?.country || 'CH').toUpperCase();

/** «Rechnung / Facture / Fattura <number>»: the unstructured message in the customer's language. */
const MESSAGE: Record<Language, string> = { de: 'Rechnung', fr: 'Facture', it: 'Fattura' };

const PO_BOX = /^(postfach|case postale|casella postale|c\.\s?p\.|cp|po box|p\.\s?o\.\s?box)\b/i;

const PO_BOX_WORD: Record<Language, string> = { de: 'Postfach', fr: 'Case postale', it: 'Casella postale' };

/** The customer's «Postfach» field as written on a letter: digits only get the word in the language. */
export function poBoxLine(poBox: string, language: Language): string {
  const text = poBox.trim().replace(/\s+/g, ' ');
  return /^\d[\d ]*$/.test(text) ? `${PO_BOX_WORD[language]} ${text}` : text;
}

/**
 * The street field(s) of a structured address from the customer's address text. «Bahnhofstrasse
 * 5a» → street «Bahnhofstrasse», building number «5a»; «Postfach 123» (Case postale, Casella
 * postale, PO Box) stays whole in the street field without building number; with a street line
 * and a PO box line, the street line is used.
 */
export function splitStreet(address: string): { street: string; building_number: string | null } {
  const lines = address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => !PO_BOX.test(l)) ?? lines[0] ?? '';
  if (PO_BOX.test(line)) return { street: line, building_number: null };
  const m = /^(.*?\S)\s+(\d+\s?[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)$/.exec(line);
  return m ? { street: m[1]!, building_number: m[2]!.replace(/\s/g, '') } : { street: line, building_number: null };
}

export interface QrBillInput {
  company: BillingCompany;
  customer: CustomerInfo | null;
  language: Language;
  invoice: Pick<
    InvoiceDetailDto,
    | 'invoice_number'
    | 'invoice_date'
    | 'due_date'
    | 'customer_name'
    | 'currency'
    | 'qrr_reference'
    | 'scor_reference'
    | 'subtotal'
    | 'vat_rate'
  >;
  /** What the bill asks for: the open amount of the invoice, the new total of a reminder. */
  amount: number;
}

export interface QrBillResult {
  /** null: nothing to pay (0.00 or less), so no payable QR bill. */
  data: QrBillData | null;
  warnings: QrWarning[];
}

/**
 * The QR bill of an invoice or reminder: every text mapped into the QR character set and cut at a
 * word to its field's length (each change a warning), the debtor's country from the customer, the
 * message in the customer's language, Swico S1 bill information. Throws the German 400s: a
 * foreign address without postcode, an amount above 999,999,999.99.
 */
export function qrBillFor(input: QrBillInput): QrBillResult {
  const { company, customer, invoice } = input;
  const amount = Math.round(input.amount * 100) / 100;
  if (amount > QR_MAX_AMOUNT) throw qrBillErrors.amountTooHigh(amount);
  const country = customerCountry(customer);
  if (country !== 'CH' && country !== 'LI' && !customer?.zip?.trim()) throw qrBillErrors.postcodeMissing(country);

  const warnings: QrWarning[] = [];
  const field = (name: QrWarningField, text: string, max: number): string => {
    const r = toQrText(text, max);
    if (r.shortened) warnings.push({ field: name, kind: 'shortened', value: r.value });
    else if (r.replaced) warnings.push({ field: name, kind: 'replaced', value: r.value });
    return r.value;
  };
  const address = (
    who: 'creditor' | 'debtor',
    a: { name: string; street: string; building_number: string | null; zip: string; city: string; country: string },
  ): QrBillAddress => {
    const building = a.building_number?.trim() ? field(`${who}.building_number`, a.building_number, 16) : '';
    return {
      name: field(`${who}.name`, a.name, QR_FIELD_LENGTHS.name),
      street: field(`${who}.street`, a.street, QR_FIELD_LENGTHS.street),
      building_number: building || null,
      zip: field(`${who}.zip`, a.zip, QR_FIELD_LENGTHS.zip),
      city: field(`${who}.city`, a.city, QR_FIELD_LENGTHS.city),
      country: a.country,
    };
  };

  const account = company.company_iban!.replace(/\s/g, '').toUpperCase();
  const creditor = address('creditor', {
    name: company.name,
    street: company.street ?? '',
    building_number: company.house_number,
    zip: company.zip ?? '',
    city: company.city ?? '',
    country: (company.country || 'CH').toUpperCase(),
  });
  // SIX IG QR-bill 2.3, structured address (S): the field «street or P.O. box» takes the customer's
  // Postfach when one is given (mail goes there, with the Postfach's postcode), without building number.
  const street = customer?.po_box?.trim()
    ? { street: poBoxLine(customer.po_box, input.language), building_number: null }
    : splitStreet(customer?.address ?? '');
  const debtor = address('debtor', {
    name: invoice.customer_name,
    ...street,
    zip: customer?.zip ?? '',
    city: customer?.city ?? '',
    country,
  });
  const message = field('message', `${MESSAGE[input.language]} ${invoice.invoice_number}`, QR_FIELD_LENGTHS.message);
  if (amount <= 0) return { data: null, warnings };

  const termsDays = Math.max(
    0,
    Math.round((Date.parse(invoice.due_date) - Date.parse(invoice.invoice_date)) / 86_400_000),
  );
  const s1 = {
    invoiceNumber: toQrText(invoice.invoice_number, 60).value,
    invoiceDate: invoice.invoice_date,
    uid: company.vat_number ?? undefined,
    vat: invoice.vat_rate > 0 ? [{ rate: invoice.vat_rate, net: invoice.subtotal }] : undefined,
    paymentTermsDays: termsDays,
  };
  // Message and bill information share 140 characters: leave out the least needed parts first.
  let billInformation = swicoS1(s1);
  if (message.length + billInformation.length > QR_FIELD_LENGTHS.message) {
    billInformation = swicoS1({ ...s1, vat: undefined, paymentTermsDays: undefined });
  }
  return {
    data: {
      account,
      creditor,
      debtor,
      amount,
      currency: invoice.currency,
      reference: referenceFor(account, { qrr: invoice.qrr_reference, scor: invoice.scor_reference }),
      message,
      bill_information: message.length + billInformation.length <= QR_FIELD_LENGTHS.message ? billInformation : null,
    },
    warnings,
  };
}
