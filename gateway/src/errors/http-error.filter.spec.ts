import { ErrorCode } from '@bleedkits/contracts';
import { statusForCode } from './http-error.filter';

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
