import { ErrorCode } from '@bleedkits/contracts';
import type { ArgumentsHost } from '@nestjs/common';
import { HttpErrorFilter, statusForCode } from './http-error.filter';

describe(statusForCode.name, () => {
  it('maps every service error code to its HTTP status', () => {
    const table = Object.fromEntries(Object.values(ErrorCode).map((c) => [c, statusForCode(c)]));
    expect(table).toEqual({
      validation_failed: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      rate_limited: 429,
      not_configured: 503,
      service_unavailable: 503,
      timeout: 504,
      internal: 500,
    });
  });
});

describe(HttpErrorFilter.name, () => {
  const answer = (exception: unknown) => {
    const res = {
      headersSent: false,
      statusCode: 0,
      body: undefined as unknown,
      setHeader: jest.fn(),
      status(s: number) {
        this.statusCode = s;
        return this;
      },
      json(b: unknown) {
        this.body = b;
        return this;
      },
    };
    const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
    new HttpErrorFilter().catch(exception, host);
    return { status: res.statusCode, body: res.body };
  };

  it("passes the body parser's 413 and 415 on as themselves, never as a 500", () => {
    const parserError = (status: number, type: string) => Object.assign(new Error('raw'), { status, statusCode: status, expose: true, type });
    expect(answer(parserError(413, 'entity.too.large'))).toEqual({
      status: 413,
      body: { message: 'The request body is too large.', errors: ['The request body is too large.'] },
    });
    expect(answer(parserError(415, 'encoding.unsupported')).status).toBe(415);
    expect(answer(parserError(415, 'charset.unsupported')).status).toBe(415);
    expect(answer(parserError(400, 'request.aborted')).status).toBe(400);
    expect(answer(new Error('boom')).status).toBe(500);
  });
});
