export { renderReportHtml, reportPdfFilename } from './report.document.js';
export { REPORT_TEXTS, reportTexts, type ReportTexts } from './report.texts.js';
