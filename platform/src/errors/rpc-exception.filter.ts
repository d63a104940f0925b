import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Observable, throwError } from 'rxjs';
import { ErrorCode, type ServiceErrorBody, isServiceErrorBody } from '@bleedkits/contracts';
import { ServiceError } from './service-error';

/**
 * Every error leaving a service over NATS is a ServiceErrorBody. Unknown failures are logged with an errorId
 * and answered as `internal` without their stack, so nothing internal reaches a browser.
 */
@Catch()
export class CodedRpcExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrors');

  catch(exception: unknown): Observable<ServiceErrorBody> {
    if (exception instanceof ServiceError) return throwError(() => exception.body);
    const maybeBody = (exception as { getError?: () => unknown })?.getError?.();
    if (isServiceErrorBody(maybeBody)) return throwError(() => maybeBody);
    const errorId = randomUUID();
    this.logger.error({ errorId, err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception }, 'unhandled error in handler');
    return throwError(() => ({ code: ErrorCode.Internal, message: 'Internal error', errorId }) satisfies ServiceErrorBody);
  }
}
