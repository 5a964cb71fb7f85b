import type { Language, QrBillData } from '@zunft/contracts';
import { SwissQRBill } from 'swissqrbill/svg';
import type { Data, SVGOptions } from 'swissqrbill/types';
import { qrCodeSvg } from './qr-code-svg.js';
import { qrPayloadOf, serializeQrPayload } from './qr-payload.js';

/*
 * The ONE place that draws the Swiss QR bill (SIX IG QR-bill 2.3) for every document: receipt and
 * payment part (swissqrbill, structured addresses type S, headings in the customer's language),
 * plus what swissqrbill's SVG leaves out: the horizontal perforation line above the bill with the
 * scissors symbol. The bill gets its own last A4 page (a named page without margins) and sits at
 * its bottom edge, 210 × 105 mm, nothing printed over it.
 */

const LANGUAGE: Record<Language, 'DE' | 'FR' | 'IT'> = { de: 'DE', fr: 'FR', it: 'IT' };

/** swissqrbill's own scissors (MIT), drawn rotated on the horizontal line. */
const SCISSORS_PATH =
  'M8.55299 18.3969C9.54465 17.5748 9.51074 16.0915 9.08357 14.9829L6.47473 8.02261C7.58167 5.9986 7.26467 3.99833 7.80373 3.99833C8.22582 3.99833 8.13259 4.38482 9.23105 4.32719C10.2854 4.27125 11.0652 3.1711 10.9957 2.13197C11.0025 1.09115 10.2041 0.0130391 9.1056 0.00456339C7.99867 -0.0734135 6.96972 0.858918 6.89683 1.95907C6.70527 3.24907 7.48674 5.53413 5.56613 6.60547C4.09305 5.80705 4.08797 4.38991 4.16255 3.10838C4.22358 2.04552 3.91845 0.76738 2.87424 0.260531C1.87241 -0.229367 0.446794 0.25036 0.139972 1.37594C-0.277034 2.51168 0.250156 4.07122 1.55541 4.34244C2.56233 4.55095 3.03528 3.83729 3.40143 4.1119C3.67774 4.31871 3.5167 5.62906 4.566 7.96667L1.908 15.5033C1.64356 16.456 1.65204 17.6206 2.58776 18.463L5.5424 10.6484L8.55299 18.3969ZM10.1634 2.87953C9.55143 3.97629 7.88849 3.88645 7.56641 2.74731C7.20704 1.71666 8.20887 0.397838 9.32767 0.726697C10.2447 0.919943 10.5821 2.12858 10.1634 2.87953ZM3.36753 2.927C2.94544 4.07122 1.00789 3.87797 0.746835 2.71341C0.479001 1.94042 0.8638 0.836881 1.77409 0.758904C2.88102 0.608036 3.87946 1.90821 3.36753 2.927Z';

/**
 * CSS of the QR bill page. The page box is exactly A4 and hides overflow: a bill even a fraction
 * of a millimetre taller would push it onto a blank extra page.
 */
export const QR_BILL_CSS = `
@page qrbill { margin: 0; }
.qr-bill-page { page: qrbill; break-before: page; position: relative; width: 210mm; height: 297mm; overflow: hidden; }
.qr-bill { position: absolute; left: 0; bottom: 0; width: 210mm; height: 105mm; overflow: hidden; background: #fff; }
.qr-bill > svg.qr-bill-slip { display: block; width: 210mm; height: 105mm; }
.qr-bill-perforation { position: absolute; left: 0; top: 0; width: 210mm; height: 0; border-top: 0.2mm dashed #000; }
.qr-bill-scissors { position: absolute; left: 5mm; top: -2.2mm; width: 6.5mm; height: 4.4mm; background: #fff; }
`;

function address(a: QrBillData['creditor']) {
  return {
    name: a.name,
    address: a.street,
    ...(a.building_number ? { buildingNumber: a.building_number } : {}),
    zip: a.zip,
    city: a.city,
    country: a.country,
  };
}

/**
 * swissqrbill's payment part without its QR code: its code is one <rect> per module (see
 * qr-code-svg.ts); ours is drawn from our own payload (qr-payload.ts) as one path.
 */
type BillConstructor = new (data: Data, options?: SVGOptions) => { toString(): string };
class BillWithoutQrCode extends (SwissQRBill as unknown as BillConstructor) {
  _renderQRCode(): void {
    // drawn by qrCodeSvg
  }
}

/** The payment part and receipt as SVG (throws swissqrbill's ValidationError for invalid data). */
export function qrBillSvg(data: QrBillData, language: Language): string {
  const bill = new BillWithoutQrCode(
    {
      currency: data.currency,
      amount: data.amount,
      reference: data.reference,
      message: data.message || undefined,
      ...(data.bill_information ? { additionalInformation: data.bill_information } : {}),
      creditor: { ...address(data.creditor), account: data.account },
      debtor: address(data.debtor),
    },
    { language: LANGUAGE[language] ?? 'DE', scissors: true, outlines: true },
  );
  const svg = bill.toString();
  // swissqrbill places its QR code at (67 mm, 17 mm) of the bill; ours goes there, last.
  const qr = qrCodeSvg(serializeQrPayload(qrPayloadOf(data)), '67mm', '17mm');
  return `${svg.slice(0, svg.lastIndexOf('</svg>'))}${qr}</svg>`.replace(/^<svg /, '<svg class="qr-bill-slip" ');
}

/** The last page of a document: the QR bill at the bottom, with perforation line and scissors. */
export function qrBillPage(data: QrBillData, language: Language): string {
  const scissors = `<svg class="qr-bill-scissors" viewBox="-4 -2 27 19" xmlns="http://www.w3.org/2000/svg"><g transform="rotate(-90 9.5 9.5)"><path d="${SCISSORS_PATH}" fill="black"/></g></svg>`;
  return `
<section class="qr-bill-page">
  <div class="qr-bill">
    ${qrBillSvg(data, language)}
    <div class="qr-bill-perforation"></div>
    ${scissors}
  </div>
</section>`;
}
