import { readGatewayEnv } from '../config/env';

/** ISSUE 16: the gateway's production start refuses the secret template's placeholder too. */
describe('readGatewayEnv in production', () => {
  it('refuses a SESSION_SECRET or Google secret still holding CHANGE-ME, whatever its case or length', () => {
    expect(() => readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: 'CHANGE-ME-at-least-32-random-characters' })).toThrow(
      /SESSION_SECRET still hold the CHANGE-ME placeholder/,
    );
    expect(() => readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), GOOGLE_CLIENT_SECRET: 'change-me' })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
    expect(readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).MANAGEMENT_PORT).toBe(0);
  });
});
