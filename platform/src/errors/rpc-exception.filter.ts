import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { type Observable, throwError } from 'rxjs';
import { CodedError, ErrorCode, type ServiceErrorBody, isServiceErrorBody } from '@bleedkits/contracts';
import { natsErrors } from '../health/metrics';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * Every error leaving a service over NATS is a ServiceErrorBody. Unknown failures are logged with an errorId
 * and answered as `internal` without their stack, so nothing internal reaches a browser. Postgres being away for a
 * moment (restarting, failing over) is `service_unavailable` with a Retry-After, not `internal`: the client asks again.
 *
 * It is a global filter of the whole service application (registered as APP_FILTER before anything listens), so
 * it also sees the few HTTP routes of a service (probes, metrics): those keep their HTTP status and body.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is unavailable';
/** Postgres restarts in a few seconds (bench:faults measured 2–4 s). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

@Catch()
export class CodedRpcExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcErrors');

  catch(exception: unknown, host: ArgumentsHost): Observable<ServiceErrorBody> | void {
    if (host.getType() === 'http') return this.answerHttp(exception, host);
    const body = this.bodyOf(exception);
    natsErrors.inc({ subject: subjectOf(host), code: body.code });
    return throwError(() => body);
  }

  private bodyOf(exception: unknown): ServiceErrorBody {
    if (exception instanceof CodedError && isServiceErrorBody(exception.body)) return exception.body;
    const maybeBody = (exception as { getError?: () => unknown })?.getError?.();
    if (isServiceErrorBody(maybeBody)) return maybeBody;
    const errorId = randomUUID();
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ errorId, error: (exception as Error).message }, 'the database is unavailable');
      return { code: ErrorCode.ServiceUnavailable, message: DATABASE_UNAVAILABLE_MESSAGE, errorId, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
    }
    this.logger.error(
      { errorId, err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception },
      'unhandled error in handler',
    );
    return { code: ErrorCode.Internal, message: 'Internal error', errorId };
  }

  private answerHttp(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      res.status(exception.getStatus()).json(typeof body === 'string' ? { message: body } : body);
      return;
    }
    const errorId = randomUUID();
    this.logger.error(
      { errorId, err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception },
      'unhandled error in HTTP route',
    );
    res.status(500).json({ message: 'Internal error', errorId });
  }
}

function subjectOf(host: ArgumentsHost): string {
  try {
    return host.switchToRpc().getContext<NatsContext>().getSubject() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
