import type { Language } from '@zunft/contracts';

/** yyyy-MM-dd → dd.MM.yyyy */
const formatDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ReportMailInput {
  language: Language;
  companyName: string;
  recipientName: string;
  reportNumber: string;
  title: string;
  periodStart: string;
  periodEnd: string;
  signatureUrl: string;
}

const texts: Record<
  Language,
  {
    subject: (i: ReportMailInput) => string;
    greeting: (name: string) => string;
    body: (i: ReportMailInput) => string;
    action: string;
    validity: string;
    closing: string;
  }
> = {
  de: {
    subject: (i) => `Rapport ${i.reportNumber}: ${i.title}`,
    greeting: (n) => `Guten Tag ${n}`,
    body: (i) =>
      `Im Anhang finden Sie unseren Rapport ${i.reportNumber} «${i.title}» über die Arbeiten vom ${formatDate(i.periodStart)} bis ${formatDate(i.periodEnd)}.`,
    action: 'Bitte prüfen Sie die Leistungen und unterschreiben Sie den Rapport über diesen persönlichen Link:',
    validity: 'Der Link ist 30 Tage gültig und kann einmal verwendet werden.',
    closing: 'Freundliche Grüsse',
  },
  fr: {
    subject: (i) => `Rapport ${i.reportNumber}: ${i.title}`,
    greeting: (n) => `Bonjour ${n}`,
    body: (i) =>
      `Vous trouverez en annexe notre rapport ${i.reportNumber} «${i.title}» concernant les travaux du ${formatDate(i.periodStart)} au ${formatDate(i.periodEnd)}.`,
    action: 'Veuillez vérifier les prestations et signer le rapport via ce lien personnel :',
    validity: 'Le lien est valable 30 jours et ne peut être utilisé qu’une seule fois.',
    closing: 'Meilleures salutations',
  },
  it: {
    subject: (i) => `Rapporto ${i.reportNumber}: ${i.title}`,
    greeting: (n) => `Buongiorno ${n}`,
    body: (i) =>
      `In allegato trova il nostro rapporto ${i.reportNumber} «${i.title}» sui lavori dal ${formatDate(i.periodStart)} al ${formatDate(i.periodEnd)}.`,
    action: 'La preghiamo di verificare le prestazioni e di firmare il rapporto tramite questo link personale:',
    validity: 'Il link è valido 30 giorni e può essere usato una sola volta.',
    closing: 'Cordiali saluti',
  },
};

/** The signature request mail (text and HTML), in the customer's language. */
export function reportMail(i: ReportMailInput): { subject: string; text: string; html: string } {
  const t = texts[i.language] ?? texts.de;
  const text = [
    `${t.greeting(i.recipientName)}`,
    '',
    t.body(i),
    '',
    t.action,
    i.signatureUrl,
    t.validity,
    '',
    t.closing,
    i.companyName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(i.recipientName))}</p>
<p>${escapeHtml(t.body(i))}</p>
<p>${escapeHtml(t.action)}<br><a href="${escapeHtml(i.signatureUrl)}">${escapeHtml(i.signatureUrl)}</a><br>${escapeHtml(t.validity)}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(i.companyName)}</p>`;
  return { subject: t.subject(i), text, html };
}
