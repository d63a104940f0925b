import type { SiteSettings } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { type Stack, startStack } from '../../../test/stack-harness';

/** The public settings call answers what the gateway's environment sets, and nothing else (issue 28). */
describe('GET /api/config/settings', () => {
  let stack: Stack;

  afterEach(async () => {
    await stack?.close();
  });

  it('answers each value the environment sets, trimmed, and leaves out the unset and the blank ones', async () => {
    stack = await startStack({
      contexts: [],
      gatewayEnv: {
        CHARITY_CONTACT_EMAIL: 'hello@bleedkits.example',
        CHARITY_CONTACT_PHONE: '   ',
        CHARITY_POSTAL_ADDRESS: ' Unit 4, 12 High Street, Manchester, M1 1AA ',
        DONATE_GIVING_PLATFORM_URL: 'https://giving.example/charity/uk-bleed-kit-register',
        DONATE_PAYMENT_SERVICE_URL: '',
      },
    });
    const res = await new HttpClient(stack.baseUrl).get('/api/config/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body).toStrictEqual<SiteSettings>({
      contact: { email: 'hello@bleedkits.example', postalAddress: 'Unit 4, 12 High Street, Manchester, M1 1AA' },
      donate: { givingPlatformUrl: 'https://giving.example/charity/uk-bleed-kit-register' },
    });
  });

  it('answers empty groups when nothing is set, never a placeholder', async () => {
    stack = await startStack({ contexts: [] });
    const res = await new HttpClient(stack.baseUrl).get('/api/config/settings');
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual<SiteSettings>({ contact: {}, donate: {} });
  });

  it('answers the other values alone, with both donation pages', async () => {
    stack = await startStack({
      contexts: [],
      gatewayEnv: {
        CHARITY_CONTACT_PHONE: '0161 496 0000',
        DONATE_GIVING_PLATFORM_URL: 'https://giving.example/charity/uk-bleed-kit-register',
        DONATE_PAYMENT_SERVICE_URL: 'https://pay.example/donate/ukbkr',
      },
    });
    const res = await new HttpClient(stack.baseUrl).get('/api/config/settings');
    expect(res.body).toStrictEqual<SiteSettings>({
      contact: { phone: '0161 496 0000' },
      donate: { givingPlatformUrl: 'https://giving.example/charity/uk-bleed-kit-register', paymentServiceUrl: 'https://pay.example/donate/ukbkr' },
    });
  });
});
