import { DropboxConnectionMessages, ErrorCode } from '@bleedkits/contracts';
import type { AlsoRecord } from '../../database/backups-audit-trail';
import type { DropboxConnectionRepository, StoredDropboxConnection } from '../../database/dropbox-connection.repository';
import { TRANSACTION, aUser, anAdmin, auditDouble } from '../../../test/handler-doubles';
import { type DropboxAccess, DropboxNotConnectedError } from '../../dropbox-access';
import { CloudTokenError } from '../../providers/cloud-storage/cloud-storage';
import { type DropboxAuthorization, DropboxGrantError } from '../../providers/dropbox-auth/dropbox-authorization';
import { DisconnectDropboxHandler } from './disconnect-dropbox.handler';

const STORED = {
  mode: 'connected',
  secretSealed: 'v1:k:sealed',
  accountName: 'Register Backups',
  accountEmail: 'backups@example.org',
  brokenAt: null,
} as unknown as StoredDropboxConnection;

describe(DisconnectDropboxHandler.name, () => {
  /** The connection, a use() that hands a token or fails as Dropbox would, and what was revoked and removed. */
  const setup = (o: { connection?: StoredDropboxConnection | null; refusal?: Error } = {}) => {
    const calls: string[] = [];
    const connections = {
      current: async () => (o.connection === undefined ? STORED : o.connection),
      remove: async (alsoRecord?: AlsoRecord) => {
        calls.push('remove');
        await alsoRecord?.(TRANSACTION);
      },
    } as unknown as DropboxConnectionRepository;
    const dropbox = {
      use: async (call: (token: string) => Promise<unknown>) => {
        if (o.refusal) throw o.refusal;
        return call('sl.access-token');
      },
      forget: () => void calls.push('forget'),
      view: async () => ({ mode: calls.includes('remove') || o.connection === null ? 'none' : 'connected' }),
    } as unknown as DropboxAccess;
    const authorization = { revoke: async (token: string) => void calls.push(`revoke ${token}`) } as unknown as DropboxAuthorization;
    const { audited, transactions, audit } = auditDouble();
    return { calls, audited, transactions, handler: new DisconnectDropboxHandler(connections, dropbox, authorization, audit) };
  };

  it('revokes the token with Dropbox, then forgets the connection', async () => {
    const { calls, handler } = setup();
    expect(await handler.execute({ actor: anAdmin })).toEqual({ message: DropboxConnectionMessages.disconnected, connection: { mode: 'none' } });
    expect(calls).toEqual(['revoke sl.access-token', 'remove', 'forget']);
  });

  it('records the disconnection in the transaction that forgets it: the admin and the account it was, never a token', async () => {
    const { handler, audited, transactions } = setup();
    await handler.execute({ actor: anAdmin });
    expect(audited).toEqual([
      {
        actor: anAdmin,
        action: 'cloud-storage.disconnected',
        target: { type: 'cloud-storage', id: 'dropbox', label: 'Dropbox' },
        before: { account: 'Register Backups <backups@example.org>' },
      },
    ]);
    expect(transactions).toEqual([TRANSACTION]);
    expect(JSON.stringify(audited)).not.toMatch(/sl\.access-token|sealed/);
  });

  it('refuses anyone but an admin, revoking and recording nothing', async () => {
    const { calls, audited, handler } = setup();
    await expect(handler.execute({ actor: aUser })).rejects.toMatchObject({ body: { code: ErrorCode.Forbidden } });
    expect([calls, audited]).toEqual([[], []]);
  });

  it('forgets a connection Dropbox already refuses (revoked grant, rejected token, marked broken)', async () => {
    for (const refusal of [
      new DropboxGrantError('invalid_grant', 'refresh token is invalid or revoked'),
      new CloudTokenError('rejected', 'Dropbox answered 401: invalid_access_token/'),
      new DropboxNotConnectedError(DropboxConnectionMessages.broken),
    ]) {
      const { calls, handler } = setup({ refusal });
      expect((await handler.execute({ actor: anAdmin })).message).toBe(DropboxConnectionMessages.disconnected);
      expect(calls).toEqual(['remove', 'forget']);
    }
  });

  it('keeps the connection and asks to try again when Dropbox cannot be reached', async () => {
    const { calls, audited, handler } = setup({ refusal: new DropboxGrantError('unreachable', 'Dropbox could not be reached: ECONNREFUSED') });
    await expect(handler.execute({ actor: anAdmin })).rejects.toMatchObject({
      body: { code: ErrorCode.ServiceUnavailable, message: DropboxConnectionMessages.unreachable },
    });
    expect(calls).toEqual([]);
    expect(audited).toEqual([]);
  });

  it('says so when nothing is connected, recording nothing', async () => {
    const { calls, audited, handler } = setup({ connection: null });
    expect(await handler.execute({ actor: anAdmin })).toEqual({ message: DropboxConnectionMessages.notConnected, connection: { mode: 'none' } });
    expect(calls).toEqual([]);
    expect(audited).toEqual([]);
  });
});
