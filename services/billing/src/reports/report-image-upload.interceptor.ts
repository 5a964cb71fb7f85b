import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { REPORT_LIMITS } from '@zunft/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ReportErrors } from './reports.errors.js';

/**
 * Parses the multipart photo upload (field `image`, one file, in memory). The 15 MB limit is
 * enforced while streaming, so a larger upload is cut off early with a German 400. Guards run
 * before this, so unauthenticated or forbidden uploads are never read.
 */
@Injectable()
export class ReportImageUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: REPORT_LIMITS.imageMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 16 * 1024 },
  }).single('image');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return reject(ReportErrors.imageTooLarge());
        return reject(ReportErrors.imageRequired());
      });
    });
    return next.handle();
  }
}
