import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { DropboxConnectionMessages, ErrorCode } from '@bleedkits/contracts';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import type { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { DropboxOAuthAuthorization } from '../../providers/dropbox-auth/dropbox-oauth-authorization';
import { ConnectDropboxHandler, VERIFIER_PURPOSE, codeChallengeOf } from './connect-dropbox.handler';

describe(ConnectDropboxHandler.name, () => {
  const env = readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'), BACKUP_DIR: os.tmpdir() });
  const context = new BackupContext(env);
  const clock = { now: () => new Date('2027-03-10T12:00:00Z') };
  const setup = (appKey: string | undefined) => {
    const started: { state: string; verifierSealed: string; redirectUri: string; at: Date }[] = [];
    const connections = { startAuthorization: async (a: (typeof started)[number]) => void started.push(a) } as unknown as DropboxConnectionRepository;
    const authorization = new DropboxOAuthAuthorization({
      appKey,
      authorizeUrl: 'https://www.dropbox.com/oauth2/authorize',
      apiUrl: 'https://api.dropboxapi.com',
      timeoutMs: 1000,
    });
    return { started, handler: new ConnectDropboxHandler(authorization, connections, context, clock) };
  };

  it("answers Dropbox's authorize page with offline access and the S256 challenge of a verifier it keeps sealed", async () => {
    const { started, handler } = setup('app-key-1');
    const { authorizeUrl } = await handler.execute({ redirectUri: 'https://register.example/api/admin/dropbox/callback' });
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.dropbox.com/oauth2/authorize');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: 'app-key-1',
      response_type: 'code',
      token_access_type: 'offline',
      code_challenge_method: 'S256',
      redirect_uri: 'https://register.example/api/admin/dropbox/callback',
    });
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ state: q.state, redirectUri: q.redirect_uri, at: clock.now() });
    const verifier = (await context.keyRing()).open(VERIFIER_PURPOSE, started[0].verifierSealed)!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(started[0].verifierSealed).not.toContain(verifier);
    expect(q.code_challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(q.code_challenge).toBe(codeChallengeOf(verifier));
    // Every request its own state and verifier.
    await handler.execute({ redirectUri: 'https://register.example/api/admin/dropbox/callback' });
    expect(started[1].state).not.toBe(started[0].state);
  });

  it('without DROPBOX_APP_KEY refuses with what is missing, starting nothing', async () => {
    const { started, handler } = setup(undefined);
    await expect(handler.execute({ redirectUri: 'https://register.example/cb' })).rejects.toMatchObject({
      body: { code: ErrorCode.NotConfigured, message: DropboxConnectionMessages.connectNotConfigured },
    });
    expect(started).toEqual([]);
  });
});
