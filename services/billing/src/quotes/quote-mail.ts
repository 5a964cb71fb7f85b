import type { Language } from '@zunft/contracts';

/** CHF 1'234.50 (Swiss format). */
export function formatChf(amount: number): string {
  const [int, dec] = amount.toFixed(2).split('.');
  return `CHF ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${dec}`;
}

/** yyyy-MM-dd → dd.MM.yyyy */
export const formatDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface QuoteMailInput {
  language: Language;
  companyName: string;
  /** Contact person if known, else the customer's name. */
  recipientName: string;
  quoteNumber: string;
  title: string;
  total: number;
  validUntil: string;
  acceptanceUrl: string;
}

const texts: Record<
  Language,
  {
    subject: (i: QuoteMailInput) => string;
    greeting: (name: string) => string;
    body: (i: QuoteMailInput) => string;
    action: string;
    closing: string;
  }
> = {
  de: {
    subject: (i) => `Angebot ${i.quoteNumber}: ${i.title}`,
    greeting: (n) => `Guten Tag ${n}`,
    body: (i) =>
      `Vielen Dank für Ihre Anfrage. Im Anhang finden Sie unser Angebot ${i.quoteNumber} «${i.title}» über ${formatChf(i.total)} (inkl. MWST). Es ist gültig bis ${formatDate(i.validUntil)}.`,
    action: 'Sie können das Angebot über diesen persönlichen Link ansehen und digital annehmen oder ablehnen:',
    closing: 'Freundliche Grüsse',
  },
  fr: {
    subject: (i) => `Offre ${i.quoteNumber}: ${i.title}`,
    greeting: (n) => `Bonjour ${n}`,
    body: (i) =>
      `Merci pour votre demande. Vous trouverez en annexe notre offre ${i.quoteNumber} «${i.title}» d'un montant de ${formatChf(i.total)} (TVA incl.). Elle est valable jusqu'au ${formatDate(i.validUntil)}.`,
    action: 'Vous pouvez consulter l’offre et l’accepter ou la refuser en ligne via ce lien personnel :',
    closing: 'Meilleures salutations',
  },
  it: {
    subject: (i) => `Offerta ${i.quoteNumber}: ${i.title}`,
    greeting: (n) => `Buongiorno ${n}`,
    body: (i) =>
      `Grazie per la sua richiesta. In allegato trova la nostra offerta ${i.quoteNumber} «${i.title}» di ${formatChf(i.total)} (IVA incl.). È valida fino al ${formatDate(i.validUntil)}.`,
    action: 'Può consultare l’offerta e accettarla o rifiutarla online tramite questo link personale:',
    closing: 'Cordiali saluti',
  },
};

/** Subject, plain text and HTML of the e-mail that carries the quote PDF and the acceptance link. */
export function quoteMail(input: QuoteMailInput): { subject: string; text: string; html: string } {
  const t = texts[input.language] ?? texts.de;
  const subject = t.subject(input);
  const text = [
    `${t.greeting(input.recipientName)}`,
    '',
    t.body(input),
    '',
    t.action,
    input.acceptanceUrl,
    '',
    t.closing,
    input.companyName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(input.recipientName))}</p>
<p>${escapeHtml(t.body(input))}</p>
<p>${escapeHtml(t.action)}<br><a href="${escapeHtml(input.acceptanceUrl)}">${escapeHtml(input.acceptanceUrl)}</a></p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(input.companyName)}</p>`;
  return { subject, text, html };
}

/** Notice to the company that a customer answered a quote (German: the office's language). */
export function answeredMail(input: {
  quoteNumber: string;
  title: string;
  customerName: string;
  accepted: boolean;
  signerName?: string;
  reason?: string | null;
}): { subject: string; text: string } {
  const verb = input.accepted ? 'angenommen' : 'abgelehnt';
  const lines = [
    `Das Angebot ${input.quoteNumber} «${input.title}» wurde von ${input.customerName} ${verb}.`,
    input.accepted && input.signerName ? `Unterschrieben von: ${input.signerName}` : null,
    !input.accepted && input.reason ? `Begründung: ${input.reason}` : null,
  ].filter((l): l is string => l !== null);
  return { subject: `Angebot ${input.quoteNumber} ${verb}`, text: lines.join('\n') };
}
