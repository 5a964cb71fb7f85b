import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { INVOICE_LIMITS } from '@zunft/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { InvoiceErrors } from '../invoices/invoices.errors.js';

export interface UploadedCamtFile {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/**
 * Reads the multipart field `file` (the bank file) into memory, up to 10 MB, cut off while
 * streaming. Guards run before this, so forbidden uploads are never read.
 */
@Injectable()
export class CamtUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: INVOICE_LIMITS.maxImportBytes, files: 1, fields: 5, parts: 6 },
  }).single('file');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return reject(InvoiceErrors.importTooLarge());
        }
        return reject(InvoiceErrors.importNoFile());
      });
    });
    return next.handle();
  }
}
