import { REPORT_LIMITS, REPORT_STATUS_LABELS, serverMessage, type ReportStatus } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/**
 * The reports module's errors: stable `code`, German `message`, HTTP status (mapped by nest-common's
 * AllExceptionsFilter to `{ statusCode, code, error, message }`).
 */
export class ReportError extends DomainError {}

export const ReportErrors = {
  reportNotFound: () => new ReportError('report_not_found', serverMessage('report_not_found'), 404),
  imageNotFound: () => new ReportError('report_image_not_found', serverMessage('report_image_not_found'), 404),
  projectNotFound: () => new ReportError('project_not_found', serverMessage('project_not_found'), 404),
  operationsUnavailable: () => new ReportError('operations_unavailable', serverMessage('operations_unavailable'), 503),
  pdfUnavailable: () => new ReportError('pdf_unavailable', serverMessage('pdf_unavailable'), 503),
  signedReadOnly: () => new ReportError('report_signed', serverMessage('report_signed'), 409),
  approvedReadOnly: () => new ReportError('report_approved', serverMessage('report_approved'), 409),
  alreadySigned: () => new ReportError('report_already_signed', serverMessage('report_already_signed'), 409),
  notSignable: () => new ReportError('report_not_signable', serverMessage('report_not_signable'), 409),
  statusTransition: (from: ReportStatus, to: ReportStatus) =>
    new ReportError(
      'report_status_transition',
      serverMessage('report_status_transition', {
        from: REPORT_STATUS_LABELS[from],
        to: REPORT_STATUS_LABELS[to],
      }),
      409,
    ),
  imageRequired: () => new ReportError('image_required', serverMessage('image_required'), 400),
  notAnImage: () => new ReportError('not_an_image', serverMessage('not_an_image'), 400),
  imageTooLarge: () => new ReportError('image_too_large', serverMessage('image_too_large'), 400),
  tooManyImages: () =>
    new ReportError(
      'too_many_images',
      serverMessage('too_many_images', { max: REPORT_LIMITS.maxImagesPerReport }),
      409,
    ),
  customerWithoutEmail: () =>
    new ReportError('customer_without_email', serverMessage('customer_without_email.report'), 400),
  numberConflict: () => new ReportError('report_number_conflict', serverMessage('report_number_conflict'), 409),
  changedWhileSigning: () =>
    new ReportError('report_changed_while_signing', serverMessage('report_changed_while_signing'), 409),
  /** Public signature link. */
  linkNotFound: () => new ReportError('signature_link_not_found', serverMessage('signature_link_not_found'), 404),
  linkExpired: () => new ReportError('signature_link_expired', serverMessage('link_expired'), 410),
  signatureInvalid: () => new ReportError('signature_invalid', serverMessage('signature_invalid'), 400),
  signatureEmpty: () => new ReportError('signature_empty', serverMessage('signature_empty'), 400),
} as const;
