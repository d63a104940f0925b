import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { type ApiErrorBody, ErrorCode, type ServiceErrorBody } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';

/** The one mapping from a service's error code to an HTTP status. Exhaustive: a new code fails to compile here. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.ValidationFailed:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.NotConfigured:
    case ErrorCode.ServiceUnavailable:
      return 503;
    case ErrorCode.Timeout:
      return 504;
    case ErrorCode.Internal:
      return 500;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

/** Errors the gateway raises itself carry the same body shape as those coming from services. */
export class GatewayError extends HttpException {
  constructor(readonly body: ServiceErrorBody) {
    super(body, statusForCode(body.code));
  }
}

/** What body-parser (and other http-errors users) throw: a status meant for the client, and a type naming why. */
type ClientHttpError = { status: number; expose?: boolean; type?: string; message?: string };

const CLIENT_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'entity.too.large': 'The request body is too large.',
  'entity.parse.failed': 'The request body is not valid JSON.',
  'encoding.unsupported': 'Compressed request bodies are not accepted.',
  'charset.unsupported': 'Request bodies must be UTF-8 JSON.',
  'request.aborted': 'The request body ended early.',
  'request.size.invalid': 'The request body did not match its Content-Length.',
  'parameters.too.many': 'The request has too many parameters.',
};

function isClientHttpError(e: unknown): e is ClientHttpError {
  const status = (e as { status?: unknown } | null)?.status ?? (e as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && (e as { expose?: unknown }).expose !== false;
}

/**
 * Every failing /api answer is {message, errors?, errorId?}. A 5xx from this process or a service carries an
 * errorId under which the cause is logged; no stack ever reaches the client.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const { status, body, retryAfter } = this.describe(exception);
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    res.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: ApiErrorBody; retryAfter?: number } {
    const coded = exception instanceof RemoteCallError ? exception.body : exception instanceof GatewayError ? exception.body : null;
    if (coded) {
      const status = statusForCode(coded.code);
      const body: ApiErrorBody = { message: coded.message, ...(coded.errors ? { errors: coded.errors } : {}) };
      if (status >= 500) body.errorId = coded.errorId ?? this.logged(exception);
      return { status, body, retryAfter: coded.retryAfterSeconds };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const res = exception.getResponse();
      const r = typeof res === 'string' ? { message: res } : (res as { message?: unknown; errors?: string[] });
      const message = Array.isArray(r.message) ? r.message.join(' ') : String(r.message ?? exception.message);
      const body: ApiErrorBody = { message, ...(r.errors ? { errors: r.errors } : {}) };
      if (status >= 500) body.errorId = this.logged(exception);
      return { status, body };
    }
    // The body parser's 400 / 413 / 415 reach the client as themselves, never as a 500.
    if (isClientHttpError(exception)) {
      const status = (exception as { status?: number }).status ?? (exception as unknown as { statusCode: number }).statusCode;
      const message = CLIENT_ERROR_MESSAGES[exception.type ?? ''] ?? exception.message ?? 'Bad request';
      return { status, body: { message, errors: [message] } };
    }
    return { status: 500, body: { message: 'Internal server error', errorId: this.logged(exception) } };
  }

  private logged(exception: unknown): string {
    const errorId = randomUUID();
    const err = exception instanceof Error ? { name: exception.name, message: exception.message, stack: exception.stack } : exception;
    this.logger.error({ errorId, err }, 'request failed');
    return errorId;
  }
}
