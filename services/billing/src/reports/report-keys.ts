/** Storage keys of a report's files (FileStorage), all under one prefix per report. */
export const reportPrefix = (companyId: string, reportId: string) => `${companyId}/reports/${reportId}/`;
export const imageKey = (companyId: string, reportId: string, imageId: string) =>
  `${reportPrefix(companyId, reportId)}images/${imageId}/original`;
export const thumbnailKey = (originalKey: string) => originalKey.replace(/\/original$/, '/thumbnail');
export const printKey = (originalKey: string) => originalKey.replace(/\/original$/, '/print');
export const signatureKey = (companyId: string, reportId: string) =>
  `${reportPrefix(companyId, reportId)}signature.png`;
export const signedPdfKey = (companyId: string, reportId: string) => `${reportPrefix(companyId, reportId)}signed.pdf`;
