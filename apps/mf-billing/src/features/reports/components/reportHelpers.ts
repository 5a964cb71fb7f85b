import type { ReportDto, ReportStatus, ReportSignatureStatusDto } from '@zunft/contracts';

export const REPORT_STATUS_COLORS: Record<ReportStatus, string> = {
  draft: 'default',
  sent: 'blue',
  signed: 'green',
  approved: 'purple',
  rejected: 'red',
};

/** The signature section's state (part 2 §4): not sent, sent (awaiting), signed. */
export type SignatureState = 'not-sent' | 'sent' | 'signed';

export function signatureState(
  report: Pick<ReportDto, 'status' | 'sent_at' | 'signed_at'>,
  status?: Pick<ReportSignatureStatusDto, 'signed' | 'sent'> | null,
): SignatureState {
  if (status?.signed || report.signed_at || report.status === 'signed') return 'signed';
  if (status?.sent || report.sent_at || report.status === 'sent') return 'sent';
  return 'not-sent';
}

/** 'Create invoice' when the report status is signed or the signature status says signed (part 2 §4). */
export function canCreateInvoice(
  report: Pick<ReportDto, 'status' | 'invoice_id'>,
  status?: Pick<ReportSignatureStatusDto, 'signed'> | null,
): boolean {
  return report.invoice_id === null && (report.status === 'signed' || status?.signed === true);
}

/** Part 2 §4: approved reports allow no image changes and no signature; a signed one is sealed. */
export function isLocked(report: Pick<ReportDto, 'status'>): boolean {
  return report.status === 'approved' || report.status === 'signed';
}

/** File name of a report PDF, e.g. Rapport-R-2026-0001.pdf. */
export function reportFileName(report: Pick<ReportDto, 'report_number'>): string {
  return `Rapport-${report.report_number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

/** Today in the browser's time zone as yyyy-MM-dd. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default period of a new report: the current month up to today. */
export function defaultPeriod(today = new Date()): { start: string; end: string } {
  return { start: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), end: localDay(today) };
}

/** The delay of part 2 §4/§9: the PDF downloads 1 second after generation. */
export const PDF_AUTO_DOWNLOAD_MS = 1000;
