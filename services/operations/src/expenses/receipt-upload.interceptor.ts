import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { EXPENSE_LIMITS } from '@zunft/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ExpenseErrors } from './expenses.errors.js';

/**
 * Parses a multipart expense form into `req.body` (text fields) and `req.file` (the optional
 * receipt, in memory). The 10 MB limit is enforced while streaming, so a larger upload is cut off
 * early with a German 400. JSON requests pass through untouched. Guards run before this, so
 * unauthenticated or forbidden uploads are never read.
 */
@Injectable()
export class ReceiptUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: EXPENSE_LIMITS.receiptMaxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
  }).single('receipt');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return reject(ExpenseErrors.receiptTooLarge());
        return reject(ExpenseErrors.receiptInvalidUpload());
      });
    });
    return next.handle();
  }
}
