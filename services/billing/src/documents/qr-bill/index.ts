export { QR_BILL_CSS, qrBillPage, qrBillSvg } from './qr-bill.js';
