import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dkimOptionsOf, readNotificationsEnv } from '../../config/env';
import { EmlFileMailTransport } from './eml-file-mail-transport';

describe('DKIM signing (nodemailer dkim option)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dkim-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const email = {
    messageId: '<1f2e@bleedkits.org.uk>',
    from: 'UK Bleed Kit Register <no-reply@bleedkits.org.uk>',
    to: 'a@example.org',
    subject: 'Signed',
    text: 'Hello',
    html: '<p>Hello</p>',
    headers: { 'Auto-Submitted': 'auto-generated' },
  };

  it('signs every message when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set (the key may be one line with \\n)', async () => {
    const env = readNotificationsEnv({ DKIM_DOMAIN: 'bleedkits.org.uk', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    const transport = new EmlFileMailTransport(dir, dkimOptionsOf(env));
    await transport.send(email);
    const eml = readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8');
    expect(eml).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=bleedkits.org.uk;/m);
    expect(eml).toMatch(/ s=mail2026;/);
    expect(eml).toMatch(/^Auto-Submitted: auto-generated/m);
  });

  it('signs nothing when unset, and refuses a partial configuration', () => {
    expect(dkimOptionsOf(readNotificationsEnv({}))).toBeUndefined();
    expect(() => readNotificationsEnv({ DKIM_DOMAIN: 'bleedkits.org.uk' })).toThrow(/all three of DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
  });
});
