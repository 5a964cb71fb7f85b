import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MATERIAL_IMPORT_LIMITS } from '@zunft/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { MaterialsImportErrors } from './materials-import.errors.js';

/**
 * Parses the multipart import form into `req.body` (supplier, mapping) and `req.file` (the catalogue,
 * in memory). The 50 MB limit is enforced while streaming (413). Guards run before this, so an
 * employee's upload is never read.
 */
@Injectable()
export class CatalogueUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MATERIAL_IMPORT_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, fieldSize: 64 * 1024 },
  }).single('file');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return reject(MaterialsImportErrors.tooLarge());
        return reject(MaterialsImportErrors.fileMissing());
      });
    });
    return next.handle();
  }
}
