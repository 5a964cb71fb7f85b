import type { AbsenceType, Language } from '@zunft/contracts';
import { pdfBytes, pdfFooter, PdfTable } from '@zunft/nest-common';
import PDFDocument from 'pdfkit';
import { RECORD_COLUMNS, RECORD_PDF_TEXTS } from './export-columns.js';

/** One day of the ArGV 1 art. 73 record, as the CSV and the PDF show it. */
export interface RecordDay {
  date: string;
  start: string;
  end: string;
  /** null on a day without entries (an absence only) */
  breakMinutes: number | null;
  minutes: { total: number; night: number; sunday: number; holiday: number } | null;
  absence: { type: AbsenceType; fraction: number } | null;
  holidayName: string;
}

export interface RecordPdfInput {
  language: Language;
  /** The employer (ArGV 1 art. 73 records are the employer's); null when not known yet. */
  company: string | null;
  employee: string;
  from: string;
  to: string;
  days: readonly RecordDay[];
}

const MARGIN = 40;
const ROW = 16;
// A4 portrait is 595 × 842 pt; the widths fill 595 − 2 × 40
const WIDTHS = [78, 40, 40, 48, 58, 45, 50, 50, 106] as const;
const RIGHT_ALIGNED = [3, 4, 5, 6, 7];

const hours = (minutes: number) => (minutes / 60).toFixed(2);
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * The PDF of the record: A4 portrait, a header with employee, period and legal basis, one table row
 * per day (the header row again on each page), the totals and «page n of m» on every page.
 * pdfkit writes the document in memory; a year of days renders in milliseconds.
 */
export function renderRecordPdf(input: RecordPdfInput): Promise<Buffer> {
  const cols = RECORD_COLUMNS[input.language];
  const t = RECORD_PDF_TEXTS[input.language];
  const weekday = new Intl.DateTimeFormat(`${input.language}-CH`, { weekday: 'short', timeZone: 'UTC' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t.title} ${input.employee} ${input.from} – ${input.to}`, Producer: 'Zunft' },
  });
  const done = pdfBytes(doc);
  const table = new PdfTable(doc, {
    margin: MARGIN,
    row: ROW,
    widths: WIDTHS,
    rightAligned: RIGHT_ALIGNED,
    header: [
      cols.date,
      cols.start,
      cols.end,
      cols.breaks,
      cols.hours,
      cols.night,
      cols.sunday,
      cols.holiday,
      cols.absence,
    ],
  });

  doc.font('Helvetica-Bold').fontSize(14).text(t.title, MARGIN, table.y);
  doc.font('Helvetica').fontSize(8).text(t.legal_basis);
  doc.moveDown(0.8).fontSize(10);
  if (input.company) doc.text(`${t.company}: ${input.company}`);
  doc.text(`${t.employee}: ${input.employee}`);
  doc.text(`${t.period}: ${swissDate(input.from)} – ${swissDate(input.to)}`);
  table.y = doc.y + 12;
  table.header();

  const sum = { breaks: 0, total: 0, night: 0, sunday: 0, holiday: 0, absenceDays: 0 };
  for (const day of input.days) {
    table.needRoom(ROW);
    const absence = day.absence ? `${t.absences[day.absence.type]}${day.absence.fraction === 0.5 ? ' (½)' : ''}` : '';
    table.cells([
      `${weekday.format(new Date(`${day.date}T12:00:00Z`))} ${swissDate(day.date)}`,
      day.start,
      day.end,
      day.breakMinutes === null ? '' : String(day.breakMinutes),
      day.minutes ? hours(day.minutes.total) : '',
      day.minutes ? hours(day.minutes.night) : '',
      day.minutes ? hours(day.minutes.sunday) : '',
      day.minutes ? hours(day.minutes.holiday) : '',
      [absence, day.holidayName].filter(Boolean).join(' · '),
    ]);
    table.rule();
    sum.breaks += day.breakMinutes ?? 0;
    sum.total += day.minutes?.total ?? 0;
    sum.night += day.minutes?.night ?? 0;
    sum.sunday += day.minutes?.sunday ?? 0;
    sum.holiday += day.minutes?.holiday ?? 0;
    sum.absenceDays += day.absence?.fraction ?? 0;
  }
  if (input.days.length === 0) {
    table.needRoom(ROW);
    table.cells([t.no_days]);
  }
  table.needRoom(ROW + 4);
  table.y += 4;
  table.cells(
    [
      t.total,
      '',
      '',
      String(sum.breaks),
      hours(sum.total),
      hours(sum.night),
      hours(sum.sunday),
      hours(sum.holiday),
      sum.absenceDays ? `${t.absence_days}: ${sum.absenceDays}` : '',
    ],
    true,
  );

  pdfFooter(
    doc,
    MARGIN,
    (page, pages) => `${input.employee} · ${swissDate(input.from)} – ${swissDate(input.to)} · ${t.page(page, pages)}`,
  );
  doc.end();
  return done;
}
