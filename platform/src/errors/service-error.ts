import { RpcException } from '@nestjs/microservices';
import { ErrorCode, type ServiceErrorBody } from '@bleedkits/contracts';

/** A coded error thrown by a handler; crosses NATS as its body and becomes an HTTP status in the gateway. */
export class ServiceError extends RpcException {
  constructor(readonly body: ServiceErrorBody) {
    super(body);
  }

  static validation(errors: string[]): ServiceError {
    return new ServiceError({ code: ErrorCode.ValidationFailed, message: errors.join(' '), errors });
  }
  static notFound(message: string): ServiceError {
    return new ServiceError({ code: ErrorCode.NotFound, message });
  }
  static conflict(message: string): ServiceError {
    return new ServiceError({ code: ErrorCode.Conflict, message });
  }
  static forbidden(message: string): ServiceError {
    return new ServiceError({ code: ErrorCode.Forbidden, message });
  }
  static unauthenticated(message: string): ServiceError {
    return new ServiceError({ code: ErrorCode.Unauthenticated, message });
  }
  static rateLimited(message: string, retryAfterSeconds: number): ServiceError {
    return new ServiceError({ code: ErrorCode.RateLimited, message, retryAfterSeconds });
  }
}

/** Thrown by NatsBus when the remote side answered with a coded error or could not be reached. */
export class RemoteCallError extends Error {
  constructor(readonly body: ServiceErrorBody, readonly subject: string) {
    super(`${subject}: ${body.code}: ${body.message}`);
    this.name = 'RemoteCallError';
  }
}
