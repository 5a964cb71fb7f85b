import {
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';

export interface SingleFileUploadOptions {
  maxBytes: number;
  tooLarge: () => Error;
  invalid: () => Error;
}

/**
 * Parses one multipart file field into memory (`req.file`), with a hard size limit enforced while
 * streaming, and turns multer's errors into the caller's domain errors (German messages).
 */
export function SingleFileUpload(field: string, options: SingleFileUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class SingleFileUploadInterceptor implements NestInterceptor {
    private readonly upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, parts: 25 },
    }).single(field);

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) => {
        this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => {
          if (!error) return resolve();
          if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
            return reject(options.tooLarge());
          return reject(options.invalid());
        });
      });
      return next.handle();
    }
  }
  return mixin(SingleFileUploadInterceptor);
}
