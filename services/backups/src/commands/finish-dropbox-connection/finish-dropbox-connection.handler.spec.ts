import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { DropboxConnectionMessages, ErrorCode } from '@bleedkits/contracts';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import type { BackupRunRepository } from '../../database/backup-run.repository';
import type { AlsoRecord } from '../../database/backups-audit-trail';
import { TRANSACTION, aUser, anAdmin, auditDouble } from '../../../test/handler-doubles';
import type { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { type DropboxAccess, SEALED_PURPOSE } from '../../dropbox-access';
import { type DropboxAuthorization, DropboxGrantError, type DropboxTokens } from '../../providers/dropbox-auth/dropbox-authorization';
import { VERIFIER_PURPOSE } from '../connect-dropbox/connect-dropbox.handler';
import type { RunBackupHandler } from '../run-backup/run-backup.handler';
import { FinishDropboxConnectionHandler } from './finish-dropbox-connection.handler';

describe(FinishDropboxConnectionHandler.name, () => {
  const env = readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'), BACKUP_DIR: os.tmpdir() });
  const context = new BackupContext(env);
  const clock = { now: () => new Date('2027-03-10T12:00:00Z') };
  const TOKENS: DropboxTokens = { accessToken: 'sl.access', expiresInSeconds: 14_400, refreshToken: 'refresh-1', accountId: 'dbid:1' };

  const setup = async (o: { exchange?: () => Promise<DropboxTokens> } = {}) => {
    const pending = new Map([
      ['state-1', { verifierSealed: (await context.keyRing()).seal(VERIFIER_PURPOSE, 'the-verifier'), redirectUri: 'https://r/cb' }],
    ]);
    const stored: { mode: string; secretSealed: string; account: unknown }[] = [];
    const exchanged: unknown[] = [];
    const queued: string[] = [];
    const connections = {
      takeAuthorization: async (state: string) => {
        const p = pending.get(state) ?? null;
        pending.delete(state);
        return p;
      },
      replace: async (c: { mode: string; secretSealed: string; account: unknown }, alsoRecord?: AlsoRecord) => {
        stored.push(c);
        await alsoRecord?.(TRANSACTION);
      },
    } as unknown as DropboxConnectionRepository;
    const authorization = {
      exchangeCode: async (r: unknown) => {
        exchanged.push(r);
        return (o.exchange ?? (async () => TOKENS))();
      },
      account: async () => ({ id: 'dbid:1', name: 'Register Backups', email: 'backups@example.org' }),
    } as unknown as DropboxAuthorization;
    const dropbox = { remember: () => undefined, view: async () => ({ mode: 'connected' }) } as unknown as DropboxAccess;
    const runs = { awaitingCloudCopy: async () => [{ id: 'b-1' }, { id: 'b-2' }] } as unknown as BackupRunRepository;
    const backups = { queueCloudCopy: async (id: string) => void queued.push(id) } as unknown as RunBackupHandler;
    const { audited, transactions, audit } = auditDouble();
    const handler = new FinishDropboxConnectionHandler(authorization, connections, dropbox, context, runs, backups, clock, audit);
    return { handler, stored, exchanged, queued, audited, transactions };
  };

  it('exchanges the code with the kept verifier, stores the refresh token sealed and queues the copies still missing', async () => {
    const { handler, stored, exchanged, queued } = await setup();
    expect(await handler.execute({ actor: anAdmin, code: 'code-1', state: 'state-1' })).toEqual({
      message: DropboxConnectionMessages.connected,
      connection: { mode: 'connected' },
    });
    expect(exchanged).toEqual([{ code: 'code-1', codeVerifier: 'the-verifier', redirectUri: 'https://r/cb' }]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ mode: 'connected', account: { name: 'Register Backups', email: 'backups@example.org' } });
    expect(stored[0].secretSealed).not.toContain('refresh-1');
    expect((await context.keyRing()).open(SEALED_PURPOSE.connected, stored[0].secretSealed)).toBe('refresh-1');
    expect(queued).toEqual(['b-1', 'b-2']);
  });

  it("records the connection in its transaction: the admin, the account and 'oauth', never a token", async () => {
    const { handler, audited, transactions } = await setup();
    await handler.execute({ actor: anAdmin, code: 'code-1', state: 'state-1' });
    expect(audited).toEqual([
      {
        actor: anAdmin,
        action: 'cloud-storage.connected',
        target: { type: 'cloud-storage', id: 'dropbox', label: 'Dropbox' },
        after: { account: 'Register Backups <backups@example.org>', method: 'oauth' },
      },
    ]);
    expect(transactions).toEqual([TRANSACTION]);
    expect(JSON.stringify(audited)).not.toMatch(/sl\.access|refresh-1|the-verifier|code-1/);
  });

  it('refuses anyone but an admin before the state is taken, recording nothing', async () => {
    const { handler, stored, exchanged, audited } = await setup();
    expect(await handler.execute({ actor: aUser, code: 'code-1', state: 'state-1' }).catch((e: { body: unknown }) => e.body)).toMatchObject({
      code: ErrorCode.Forbidden,
    });
    expect([stored, exchanged, audited]).toEqual([[], [], []]);
    // The admin's own redirect still finishes: the refusal did not use up the state.
    expect((await handler.execute({ actor: anAdmin, code: 'code-1', state: 'state-1' })).message).toBe(DropboxConnectionMessages.connected);
  });

  it('refuses with words: an unknown or used state, a cancelled request, a refused code, no refresh token, Dropbox away', async () => {
    const refused = async (request: Record<string, unknown>, exchange?: () => Promise<DropboxTokens>) => {
      const { handler, stored, audited } = await setup({ exchange });
      const error = await handler.execute({ actor: anAdmin, ...request } as never).then(
        () => null,
        (e: { body: { code: string; message: string } }) => e.body,
      );
      expect(stored).toEqual([]);
      expect(audited).toEqual([]);
      return error;
    };
    expect(await refused({ code: 'c', state: 'never-issued' })).toMatchObject({ message: DropboxConnectionMessages.unknownState });
    expect(await refused({ state: 'state-1', error: 'access_denied' })).toMatchObject({ message: DropboxConnectionMessages.cancelled });
    expect(await refused({ state: 'state-1' })).toMatchObject({ message: DropboxConnectionMessages.codeRefused });
    const grant = () => Promise.reject(new DropboxGrantError('invalid_grant', 'invalid code verifier'));
    expect(await refused({ code: 'c', state: 'state-1' }, grant)).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: DropboxConnectionMessages.codeRefused,
    });
    const online = () => Promise.resolve({ ...TOKENS, refreshToken: null });
    expect(await refused({ code: 'c', state: 'state-1' }, online)).toMatchObject({ message: DropboxConnectionMessages.codeRefused });
    const away = () => Promise.reject(new DropboxGrantError('unreachable', 'ECONNREFUSED'));
    expect(await refused({ code: 'c', state: 'state-1' }, away)).toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      message: DropboxConnectionMessages.unreachable,
    });
  });
});
