// Only the types of pdfkit: the services create the document (they depend on pdfkit), this helper
// draws on it.
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** The bytes of a pdfkit document once `doc.end()` is called (collected in memory). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export interface PdfTableLayout {
  /** The page margin (pt); the table starts at the left margin and spans to the right one. */
  margin: number;
  /** Height of a body row (pt): one line, cut with an ellipsis. */
  row: number;
  /** Column widths (pt), together the width between the margins. */
  widths: readonly number[];
  /** Indexes of the columns aligned right (amounts, hours). */
  rightAligned: readonly number[];
  /** The labels of the header row, drawn bold on grey at the top and again on every new page. */
  header: readonly string[];
}

const HEADER_HEIGHT = 24;
/** Room kept free above the footer line at the bottom of each page. */
const FOOTER_ROOM = 20;

/**
 * A text table on A4 drawn with pdfkit, as the documents of lists (open items, working-time record)
 * lay it out: 8 pt Helvetica cells, a grey header row repeated on each page, rows that start a new
 * page when the next one does not fit. `y` is where the next row goes.
 */
export class PdfTable {
  y: number;
  private readonly right: ReadonlySet<number>;
  private readonly bottom: number;

  constructor(
    private readonly doc: Doc,
    private readonly layout: PdfTableLayout,
  ) {
    this.y = layout.margin;
    this.right = new Set(layout.rightAligned);
    this.bottom = doc.page.height - layout.margin - FOOTER_ROOM;
  }

  /** One row; a taller one (the header) wraps its cells instead of cutting them. */
  cells(values: readonly string[], bold = false, height = this.layout.row): void {
    const { doc, layout } = this;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = layout.margin;
    values.forEach((v, i) => {
      const width = layout.widths[i] ?? 0;
      doc.text(v, x + 2, this.y + 3, {
        width: width - 4,
        height: height - 3,
        align: this.right.has(i) ? 'right' : 'left',
        lineBreak: height > layout.row,
        ellipsis: height <= layout.row,
      });
      x += width;
    });
    this.y += height;
  }

  /** The header row on its grey band. */
  header(): void {
    const { doc, layout } = this;
    doc
      .rect(layout.margin, this.y, doc.page.width - 2 * layout.margin, HEADER_HEIGHT)
      .fill('#e8e8e8')
      .fillColor('black');
    this.cells(layout.header, true, HEADER_HEIGHT);
  }

  /** A thin grey line under the last row. */
  rule(): void {
    const { doc, layout } = this;
    doc
      .moveTo(layout.margin, this.y)
      .lineTo(doc.page.width - layout.margin, this.y)
      .lineWidth(0.5)
      .stroke('#999999');
  }

  /** A new page with the header row when `height` more does not fit on this one. */
  needRoom(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = this.layout.margin;
    this.header();
  }
}

/**
 * The footer line of every page (right-aligned, 8 pt, in the bottom margin), e.g. «page n of m»;
 * needs `bufferPages: true`. Call before `doc.end()`.
 */
export function pdfFooter(doc: Doc, margin: number, text: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // below the bottom margin pdfkit would start a new page: the footer lives in the margin
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(text(i + 1, range.count), margin, doc.page.height - margin - 10, {
        width: doc.page.width - 2 * margin,
        align: 'right',
        lineBreak: false,
      });
  }
}
