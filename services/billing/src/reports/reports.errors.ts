import { REPORT_MESSAGES, REPORT_SIGNATURE_MESSAGES, type ReportStatus } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/**
 * The reports module's errors: stable `code`, German `message`, HTTP status (mapped by nest-common's
 * AllExceptionsFilter to `{ statusCode, code, error, message }`).
 */
export class ReportError extends DomainError {}

export const ReportErrors = {
  reportNotFound: () => new ReportError('report_not_found', REPORT_MESSAGES.notFound, 404),
  imageNotFound: () => new ReportError('report_image_not_found', REPORT_MESSAGES.imageNotFound, 404),
  projectNotFound: () => new ReportError('project_not_found', REPORT_MESSAGES.projectNotFound, 404),
  operationsUnavailable: () => new ReportError('operations_unavailable', REPORT_MESSAGES.operationsUnavailable, 503),
  pdfUnavailable: () => new ReportError('pdf_unavailable', REPORT_MESSAGES.pdfUnavailable, 503),
  signedReadOnly: () => new ReportError('report_signed', REPORT_MESSAGES.signedReadOnly, 409),
  approvedReadOnly: () => new ReportError('report_approved', REPORT_MESSAGES.approvedReadOnly, 409),
  alreadySigned: () => new ReportError('report_already_signed', REPORT_MESSAGES.alreadySigned, 409),
  notSignable: () => new ReportError('report_not_signable', REPORT_MESSAGES.notSignable, 409),
  statusTransition: (from: ReportStatus, to: ReportStatus) =>
    new ReportError('report_status_transition', REPORT_MESSAGES.statusTransition(from, to), 409),
  imageRequired: () => new ReportError('image_required', REPORT_MESSAGES.imageRequired, 400),
  notAnImage: () => new ReportError('not_an_image', REPORT_MESSAGES.notAnImage, 400),
  imageTooLarge: () => new ReportError('image_too_large', REPORT_MESSAGES.imageTooLarge, 400),
  tooManyImages: () => new ReportError('too_many_images', REPORT_MESSAGES.tooManyImages, 409),
  customerWithoutEmail: () => new ReportError('customer_without_email', REPORT_MESSAGES.customerWithoutEmail, 400),
  numberConflict: () =>
    new ReportError(
      'report_number_conflict',
      'Die Rapportnummer wurde gleichzeitig vergeben. Bitte erneut generieren.',
      409,
    ),
  changedWhileSigning: () =>
    new ReportError(
      'report_changed_while_signing',
      'Der Rapport wurde während der Unterschrift geändert. Bitte laden Sie die Seite neu und unterschreiben Sie erneut.',
      409,
    ),
  /** Public signature link. */
  linkNotFound: () => new ReportError('signature_link_not_found', REPORT_SIGNATURE_MESSAGES.notFound, 404),
  linkExpired: () => new ReportError('signature_link_expired', REPORT_SIGNATURE_MESSAGES.expired, 410),
  signatureInvalid: () => new ReportError('signature_invalid', REPORT_SIGNATURE_MESSAGES.signatureInvalid, 400),
  signatureEmpty: () => new ReportError('signature_empty', REPORT_SIGNATURE_MESSAGES.signatureEmpty, 400),
} as const;
