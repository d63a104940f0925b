/**
 * Errors cross NATS as { code, message, details? } and are mapped to HTTP in one exhaustive switch in the gateway.
 * Never rely on instanceof across a process boundary: the code is the contract.
 */
export const ErrorCode = {
  ValidationFailed: 'validation_failed',
  Unauthenticated: 'unauthenticated',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  RateLimited: 'rate_limited',
  NotConfigured: 'not_configured',
  ServiceUnavailable: 'service_unavailable',
  Timeout: 'timeout',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type ServiceErrorBody = {
  code: ErrorCode;
  message: string;
  /** Every failure at once, for validation errors. */
  errors?: string[];
  /** For 5xx: the id under which the cause was logged. */
  errorId?: string;
  retryAfterSeconds?: number;
};

export function isServiceErrorBody(value: unknown): value is ServiceErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string' && (Object.values(ErrorCode) as string[]).includes(v.code);
}

/** The HTTP body every failing /api call answers. */
export type ApiErrorBody = { message: string; errors?: string[]; errorId?: string };

/**
 * A coded failure of a rule, thrown by a context's domain and handlers. Plain TypeScript (no framework), so a pure
 * domain can throw it; each service's RPC filter sends its body across NATS and the gateway maps the code to HTTP.
 */
export class CodedError extends Error {
  constructor(readonly body: ServiceErrorBody) {
    super(body.message);
    this.name = 'CodedError';
  }

  static validation(errors: string[]): CodedError {
    return new CodedError({ code: ErrorCode.ValidationFailed, message: errors.join(' '), errors });
  }
  static notFound(message: string): CodedError {
    return new CodedError({ code: ErrorCode.NotFound, message });
  }
  static conflict(message: string): CodedError {
    return new CodedError({ code: ErrorCode.Conflict, message });
  }
  static forbidden(message: string): CodedError {
    return new CodedError({ code: ErrorCode.Forbidden, message });
  }
  static unauthenticated(message: string): CodedError {
    return new CodedError({ code: ErrorCode.Unauthenticated, message });
  }
  static rateLimited(message: string, retryAfterSeconds: number): CodedError {
    return new CodedError({ code: ErrorCode.RateLimited, message, retryAfterSeconds });
  }
}
