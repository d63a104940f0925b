import { CUSTODIAN_MAIL_MAX_KITS, EmailTemplateIds } from '@bleedkits/contracts';
import { custodianKitIdProblems, custodianSafeVariables, recipientLimitFor, stopLinksFor, withStopLink } from './custodian-mail';
import { subjectForConfirmation } from './contact-confirmation';
import { readStopToken, signStopToken } from './stop-link';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';

describe('stop links', () => {
  it('reads back what it signed, the address in lower case and the kits once each in order', () => {
    const token = signStopToken(SECRET, { address: ' Ann@Example.org ', kitIds: [7, 3, 7] });
    expect(readStopToken(SECRET, token)).toEqual({ address: 'ann@example.org', kitIds: [3, 7] });
  });

  it('refuses a token altered, cut, signed with another key, or not a token at all', () => {
    const token = signStopToken(SECRET, { address: 'ann@example.org', kitIds: [3] });
    const [payload, signature] = token.split('.');
    const otherKit = Buffer.from(JSON.stringify({ a: 'ann@example.org', k: [4] })).toString('base64url');
    for (const bad of [
      `${otherKit}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, // only the spare bits differ, or not
      `${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`,
      signStopToken('another-secret-of-at-least-thirty-two-chars', { address: 'ann@example.org', kitIds: [3] }),
      '',
      'x.y',
      42,
      null,
      { token },
      'a'.repeat(5000),
    ]) {
      expect(readStopToken(SECRET, bad)).toBeNull();
    }
  });

  it('builds the page link and the one-click link from the public origin', () => {
    const links = stopLinksFor('https://bleedkits.org.uk/', SECRET, 'ann@example.org', [3]);
    expect(links.page).toMatch(/^https:\/\/bleedkits\.org\.uk\/stop-emails\?token=[\w.%-]+$/);
    expect(links.oneClick).toMatch(/^https:\/\/bleedkits\.org\.uk\/api\/custodian-mail\/stop\?token=[\w.%-]+$/);
    const token = decodeURIComponent(new URL(links.page).searchParams.get('token')!);
    expect(readStopToken(SECRET, token)).toEqual({ address: 'ann@example.org', kitIds: [3] });
  });
});

describe('custodian e-mails', () => {
  it('accepts 1 to the maximum kit ids and nothing else', () => {
    expect(custodianKitIdProblems(undefined)).toEqual([]);
    expect(custodianKitIdProblems([1, 2])).toEqual([]);
    for (const bad of [[], [0], [-1], [1.5], ['1'], 'x', Array.from({ length: CUSTODIAN_MAIL_MAX_KITS + 1 }, (_, i) => i + 1)]) {
      expect(custodianKitIdProblems(bad)).toHaveLength(1);
    }
  });

  it('takes every link out of what the owner typed and keeps the register’s own links', () => {
    const safe = custodianSafeVariables({
      custodianName: 'Win at www.prize.example now',
      locationName: 'Hall, mail claims@prize.example or visit https://prize.example/x',
      dashboardUrl: 'https://bleedkits.org.uk/dashboard',
      overdueKits: ['BK-1 at bit.ly/abc', 'BK-2 at the library'],
      year: 2026,
    });
    expect(JSON.stringify(safe)).not.toMatch(/prize\.example|bit\.ly/);
    expect(safe).toMatchObject({
      custodianName: 'Win at [link removed] now',
      dashboardUrl: 'https://bleedkits.org.uk/dashboard',
      overdueKits: ['BK-1 at [link removed]', 'BK-2 at the library'],
      year: 2026,
    });
  });

  it('adds the stop link to both parts, before the end of the HTML body', () => {
    const email = withStopLink({ subject: 's', html: '<html><body><p>Hi</p></body></html>', text: 'Hi\n' }, 'https://x.test/stop-emails?token=a.b&c');
    expect(email.html).toMatch(
      /<a href="https:\/\/x\.test\/stop-emails\?token=a\.b&amp;c"[^>]*>Not your kit\? Stop these e-mails<\/a><\/p>\n<\/body>/,
    );
    expect(email.text).toBe('Hi\n\nNot your kit? Stop these e-mails:\nhttps://x.test/stop-emails?token=a.b&c\n');
  });

  it('limits custodian e-mails and contact confirmations per recipient, nothing else', () => {
    const limits = { custodianPerDay: 10, contactConfirmationsPerDay: 3 };
    expect(recipientLimitFor(EmailTemplateIds.verificationReminder, [1], limits)).toEqual({ kind: 'custodian', maxPerDay: 10 });
    expect(recipientLimitFor(EmailTemplateIds.contactUserConfirmation, undefined, limits)).toEqual({ kind: 'contact-confirmation', maxPerDay: 3 });
    expect(recipientLimitFor(EmailTemplateIds.passwordReset, undefined, limits)).toBeNull();
  });
});

describe(subjectForConfirmation.name, () => {
  it('repeats a plain subject as it is', () => {
    expect(subjectForConfirmation('Kit at the library')).toBe('Kit at the library');
  });

  it('leaves out web addresses, domains and e-mail addresses, on one line, cut to a short length', () => {
    const s = subjectForConfirmation('Claim\r\nyour prize: https://evil.example/x, www.evil.example, evil.example or me@evil.example');
    expect(s).not.toMatch(/evil|https?:/);
    expect(s).toBe('Claim your prize: [link removed] [link removed] [link removed] or [link removed]');
    expect(subjectForConfirmation('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});
