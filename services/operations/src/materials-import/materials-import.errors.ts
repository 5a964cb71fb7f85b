import { serverMessage, type ServerMessageKey } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class MaterialsImportError extends DomainError {}

export const MaterialsImportErrors = {
  /** A bad file: the message names the line (`material_import_*`). */
  badFile: (key: ServerMessageKey, params: Record<string, string | number>) =>
    new MaterialsImportError(key, serverMessage(key, params), 400, params),
  fileMissing: () =>
    new MaterialsImportError('material_import_file_missing', serverMessage('material_import_file_missing'), 400),
  tooLarge: () =>
    new MaterialsImportError('material_import_too_large', serverMessage('material_import_too_large'), 413),
  notFound: () =>
    new MaterialsImportError('material_import_not_found', serverMessage('material_import_not_found'), 404),
  running: () => new MaterialsImportError('material_import_running', serverMessage('material_import_running'), 409),
};
