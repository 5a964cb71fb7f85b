import { REMINDER_LEVEL_NAMES, type Language } from '@zunft/contracts';
import { escapeHtml, formatAmount, formatDate } from '../documents/layout/index.js';

/** E-mails of invoices and reminders, in the customer's language (plain text + simple HTML). */

export interface InvoiceMailInput {
  language: Language;
  companyName: string;
  recipientName: string;
  invoiceNumber: string;
  amount: number;
  currency: string;
  dueDate: string;
}

const INVOICE: Record<Language, { subject: string; greeting: string; body: string; closing: string }> = {
  de: {
    subject: 'Rechnung {number}',
    greeting: 'Guten Tag {name}',
    body: 'Im Anhang erhalten Sie unsere Rechnung {number} über {amount}, zahlbar bis {due}. Der QR-Einzahlungsschein ist auf der letzten Seite.',
    closing: 'Freundliche Grüsse',
  },
  fr: {
    subject: 'Facture {number}',
    greeting: 'Bonjour {name}',
    body: 'Vous trouverez en annexe notre facture {number} de {amount}, payable jusqu’au {due}. Le bulletin de versement QR figure sur la dernière page.',
    closing: 'Meilleures salutations',
  },
  it: {
    subject: 'Fattura {number}',
    greeting: 'Buongiorno {name}',
    body: 'In allegato trova la nostra fattura {number} di {amount}, pagabile entro il {due}. La polizza di versamento QR si trova all’ultima pagina.',
    closing: 'Cordiali saluti',
  },
};

const REMINDER: Record<Language, { subject: string; body: string; names: readonly string[] }> = {
  de: {
    subject: '{level}: Rechnung {number}',
    body: 'Die Rechnung {number} ist noch offen. Im Anhang finden Sie unsere {level} mit dem neuen Gesamtbetrag von {amount}, zahlbar bis {due}.',
    names: REMINDER_LEVEL_NAMES,
  },
  fr: {
    subject: '{level} : facture {number}',
    body: 'La facture {number} est encore ouverte. Vous trouverez en annexe notre {level} avec le nouveau montant total de {amount}, payable jusqu’au {due}.',
    names: ['', 'Rappel de paiement', '1er rappel', '2e rappel', 'Dernier rappel'],
  },
  it: {
    subject: '{level}: fattura {number}',
    body: 'La fattura {number} è ancora aperta. In allegato trova il nostro {level} con il nuovo importo totale di {amount}, pagabile entro il {due}.',
    names: ['', 'Promemoria di pagamento', '1° sollecito', '2° sollecito', 'Ultimo sollecito'],
  },
};

const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);

function compose(language: Language, subject: string, body: string, input: InvoiceMailInput) {
  const t = INVOICE[language] ?? INVOICE.de;
  const greeting = fill(t.greeting, { name: input.recipientName });
  const text = `${greeting}\n\n${body}\n\n${t.closing}\n${input.companyName}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.closing)}<br>${escapeHtml(input.companyName)}</p>`;
  return { subject, text, html };
}

export function invoiceMail(input: InvoiceMailInput) {
  const t = INVOICE[input.language] ?? INVOICE.de;
  const v = {
    number: input.invoiceNumber,
    amount: `${input.currency} ${formatAmount(input.amount)}`,
    due: formatDate(input.dueDate),
  };
  return compose(input.language, fill(t.subject, v), fill(t.body, v), input);
}

export function reminderMail(input: InvoiceMailInput & { level: number }) {
  const t = REMINDER[input.language] ?? REMINDER.de;
  const v = {
    number: input.invoiceNumber,
    amount: `${input.currency} ${formatAmount(input.amount)}`,
    due: formatDate(input.dueDate),
    level: t.names[input.level] ?? '',
  };
  return compose(input.language, fill(t.subject, v), fill(t.body, v), input);
}
