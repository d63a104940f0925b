import type { ArgumentsHost } from '@nestjs/common';
import { firstValueFrom, type Observable } from 'rxjs';
import { CodedError, ErrorCode, type ServiceErrorBody } from '@bleedkits/contracts';
import { CodedRpcExceptionFilter } from './rpc-exception.filter';

/** A NATS request's host, as Nest hands it to the filter. */
const natsHost = {
  getType: () => 'rpc',
  switchToRpc: () => ({ getContext: () => ({ getSubject: () => 'identity.qry.get-user.v1' }) }),
} as unknown as ArgumentsHost;

async function answerTo(exception: unknown): Promise<ServiceErrorBody> {
  const answer = new CodedRpcExceptionFilter().catch(exception, natsHost) as Observable<ServiceErrorBody>;
  return firstValueFrom(answer).then(
    () => {
      throw new Error('the filter answered without an error');
    },
    (body: ServiceErrorBody) => body,
  );
}

describe('CodedRpcExceptionFilter', () => {
  it('passes a coded refusal on as it is', async () => {
    expect(await answerTo(new CodedError({ code: ErrorCode.NotFound, message: 'User not found' }))).toEqual({
      code: ErrorCode.NotFound,
      message: 'User not found',
    });
  });

  it('answers Postgres restarting as service unavailable with a Retry-After, not as internal', async () => {
    const restarting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    expect(await answerTo(restarting)).toEqual({
      code: ErrorCode.ServiceUnavailable,
      message: 'The service is unavailable',
      errorId: expect.any(String),
      retryAfterSeconds: 5,
    });
  });

  it('answers anything else as internal, with an error id and nothing of the error itself', async () => {
    const body = await answerTo(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(body).toEqual({ code: ErrorCode.Internal, message: 'Internal error', errorId: expect.any(String) });
  });
});
