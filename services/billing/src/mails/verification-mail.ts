import type { Language } from '@zunft/contracts';

interface VerificationMailInput {
  language: Language;
  firstName: string;
  companyName: string;
  link: string;
  /** yyyy-MM-dd HH:mm in Europe/Zurich */
  validUntil: string;
}

const TEXTS: Record<Language, (i: VerificationMailInput) => { subject: string; lines: string[] }> = {
  de: (i) => ({
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse für Zunft',
    lines: [
      `Guten Tag ${i.firstName}`,
      `Sie haben «${i.companyName}» bei Zunft registriert. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:`,
      i.link,
      `Der Link ist gültig bis ${i.validUntil}. Bis zur Bestätigung sendet Ihr Testkonto höchstens 20 E-Mails pro Tag an Kunden.`,
      'Haben Sie sich nicht registriert, können Sie diese E-Mail ignorieren.',
    ],
  }),
  fr: (i) => ({
    subject: 'Veuillez confirmer votre adresse e-mail pour Zunft',
    lines: [
      `Bonjour ${i.firstName}`,
      `Vous avez inscrit «${i.companyName}» sur Zunft. Veuillez confirmer votre adresse e-mail avec ce lien :`,
      i.link,
      `Le lien est valable jusqu’au ${i.validUntil}. Jusqu’à la confirmation, votre compte d’essai envoie au plus 20 e-mails par jour aux clients.`,
      'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.',
    ],
  }),
  it: (i) => ({
    subject: 'Confermi il suo indirizzo e-mail per Zunft',
    lines: [
      `Buongiorno ${i.firstName}`,
      `Ha registrato «${i.companyName}» su Zunft. Confermi il suo indirizzo e-mail con questo link:`,
      i.link,
      `Il link è valido fino al ${i.validUntil}. Fino alla conferma, il suo account di prova invia al massimo 20 e-mail al giorno ai clienti.`,
      'Se non si è registrato, può ignorare questa e-mail.',
    ],
  }),
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The owner's verification mail (issue 25) in the owner's language: plain text and a simple HTML part. */
export function verificationMail(input: VerificationMailInput): { subject: string; text: string; html: string } {
  const { subject, lines } = TEXTS[input.language](input);
  const html = lines
    .map((line) =>
      line === input.link
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
