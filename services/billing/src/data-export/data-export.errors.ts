import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

/** Errors of «Alle Daten exportieren» (issue 26); the shared filter maps `status` and shows `message`. */
export class DataExportError extends DomainError {}

export const DataExportErrors = {
  running: () => new DataExportError('data_export_running', serverMessage('data_export_running'), 409),
  notFound: () => new DataExportError('data_export_not_found', serverMessage('data_export_not_found'), 404),
  notReady: () => new DataExportError('data_export_not_ready', serverMessage('data_export_not_ready'), 409),
} as const;
