import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
  mixin,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';

export type UploadLimits = { field: string; maxBytes: number; tooLarge: string };

/**
 * One multipart file kept in memory (the import's files are at most 5 MB) under its field name. Multer's own
 * errors become the route's messages: an oversized file answers 413 with `tooLarge` before the rest is read.
 */
export function MultipartUpload(limits: UploadLimits): Type<NestInterceptor> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  }).single(limits.field);

  class MultipartUploadInterceptor implements NestInterceptor {
    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = ctx.switchToHttp().getRequest<Request>();
      const res = ctx.switchToHttp().getResponse<Response>();
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (error: unknown) => {
          if (!error) return resolve();
          if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE')
            return reject(new PayloadTooLargeException({ message: limits.tooLarge, errors: [limits.tooLarge] }));
          if (error instanceof MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') {
            const message = `Send the file in the form field '${limits.field}'.`;
            return reject(new BadRequestException({ message, errors: [message] }));
          }
          const message = error instanceof Error ? `The upload could not be read: ${error.message}` : 'The upload could not be read.';
          return reject(new BadRequestException({ message, errors: [message] }));
        }),
      );
      return next.handle();
    }
  }
  return mixin(MultipartUploadInterceptor);
}
