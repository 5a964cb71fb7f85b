import type { Language } from '@zunft/contracts';

interface InvitationMailInput {
  language: Language;
  companyName: string;
  inviterName: string;
  link: string;
  /** dd.MM.yyyy, HH:mm in Europe/Zurich */
  validUntil: string;
}

const TEXTS: Record<Language, (i: InvitationMailInput) => { subject: string; lines: string[] }> = {
  de: (i) => ({
    subject: `Einladung als Treuhänder für «${i.companyName}» bei Zunft`,
    lines: [
      'Guten Tag',
      `${i.inviterName} lädt Sie ein, die Buchhaltung von «${i.companyName}» bei Zunft als Treuhänder einzusehen (nur lesen). Nehmen Sie die Einladung mit diesem Link an:`,
      i.link,
      `Der Link ist gültig bis ${i.validUntil} und kann einmal verwendet werden. Haben Sie schon ein Zunft-Konto, melden Sie sich mit dessen Passwort an; sonst legen Sie Namen und Passwort fest.`,
      'Erwarten Sie diese Einladung nicht, können Sie diese E-Mail ignorieren.',
    ],
  }),
  fr: (i) => ({
    subject: `Invitation en tant que fiduciaire pour «${i.companyName}» sur Zunft`,
    lines: [
      'Bonjour',
      `${i.inviterName} vous invite à consulter la comptabilité de «${i.companyName}» sur Zunft en tant que fiduciaire (lecture seule). Acceptez l’invitation avec ce lien :`,
      i.link,
      `Le lien est valable jusqu’au ${i.validUntil} et ne peut être utilisé qu’une fois. Si vous avez déjà un compte Zunft, connectez-vous avec son mot de passe ; sinon, choisissez un nom et un mot de passe.`,
      'Si vous n’attendez pas cette invitation, vous pouvez ignorer cet e-mail.',
    ],
  }),
  it: (i) => ({
    subject: `Invito come fiduciario per «${i.companyName}» su Zunft`,
    lines: [
      'Buongiorno',
      `${i.inviterName} la invita a consultare la contabilità di «${i.companyName}» su Zunft come fiduciario (solo lettura). Accetti l’invito con questo link:`,
      i.link,
      `Il link è valido fino al ${i.validUntil} e può essere usato una sola volta. Se ha già un account Zunft, acceda con la relativa password; altrimenti scelga nome e password.`,
      'Se non si aspetta questo invito, può ignorare questa e-mail.',
    ],
  }),
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The fiduciary's invitation (issue 26) in the inviting company's language: plain text and simple HTML. */
export function invitationMail(input: InvitationMailInput): { subject: string; text: string; html: string } {
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
