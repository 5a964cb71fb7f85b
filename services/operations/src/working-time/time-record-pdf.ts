import type { AbsenceType, Language } from '@zunft/contracts';
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
const RIGHT_ALIGNED = new Set([3, 4, 5, 6, 7]);

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
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const bottom = doc.page.height - MARGIN - 20;
  let y = MARGIN;
  const cells = (values: readonly string[], bold = false, height = ROW) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = MARGIN;
    values.forEach((v, i) => {
      const width = WIDTHS[i] ?? 0;
      doc.text(v, x + 2, y + 3, {
        width: width - 4,
        height: height - 3,
        align: RIGHT_ALIGNED.has(i) ? 'right' : 'left',
        lineBreak: height > ROW,
        ellipsis: height <= ROW,
      });
      x += width;
    });
    y += height;
  };
  const tableHeader = () => {
    doc
      .rect(MARGIN, y, doc.page.width - 2 * MARGIN, 24)
      .fill('#e8e8e8')
      .fillColor('black');
    cells(
      [cols.date, cols.start, cols.end, cols.breaks, cols.hours, cols.night, cols.sunday, cols.holiday, cols.absence],
      true,
      24,
    );
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .lineWidth(0.5)
      .stroke('#999999');
  };
  const needRoom = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN;
    tableHeader();
  };

  doc.font('Helvetica-Bold').fontSize(14).text(t.title, MARGIN, y);
  doc.font('Helvetica').fontSize(8).text(t.legal_basis);
  doc.moveDown(0.8).fontSize(10);
  if (input.company) doc.text(`${t.company}: ${input.company}`);
  doc.text(`${t.employee}: ${input.employee}`);
  doc.text(`${t.period}: ${swissDate(input.from)} – ${swissDate(input.to)}`);
  y = doc.y + 12;
  tableHeader();

  const sum = { breaks: 0, total: 0, night: 0, sunday: 0, holiday: 0, absenceDays: 0 };
  for (const day of input.days) {
    needRoom(ROW);
    const absence = day.absence ? `${t.absences[day.absence.type]}${day.absence.fraction === 0.5 ? ' (½)' : ''}` : '';
    cells([
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
    rule();
    sum.breaks += day.breakMinutes ?? 0;
    sum.total += day.minutes?.total ?? 0;
    sum.night += day.minutes?.night ?? 0;
    sum.sunday += day.minutes?.sunday ?? 0;
    sum.holiday += day.minutes?.holiday ?? 0;
    sum.absenceDays += day.absence?.fraction ?? 0;
  }
  if (input.days.length === 0) {
    needRoom(ROW);
    cells([t.no_days]);
  }
  needRoom(ROW + 4);
  y += 4;
  cells(
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

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // below the bottom margin pdfkit would start a new page: the footer lives in the margin
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(
        `${input.employee} · ${swissDate(input.from)} – ${swissDate(input.to)} · ${t.page(i + 1, range.count)}`,
        MARGIN,
        doc.page.height - MARGIN - 10,
        { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
