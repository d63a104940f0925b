import { DropboxConnectionMessages, ErrorCode } from '@bleedkits/contracts';
import type { DropboxConnectionRepository, StoredDropboxConnection } from '../../database/dropbox-connection.repository';
import { type DropboxAccess, DropboxNotConnectedError } from '../../dropbox-access';
import { CloudTokenError } from '../../providers/cloud-storage/cloud-storage';
import { type DropboxAuthorization, DropboxGrantError } from '../../providers/dropbox-auth/dropbox-authorization';
import { DisconnectDropboxHandler } from './disconnect-dropbox.handler';

const STORED = { mode: 'connected', secretSealed: 'v1:k:sealed', brokenAt: null } as unknown as StoredDropboxConnection;

describe(DisconnectDropboxHandler.name, () => {
  /** The connection, a use() that hands a token or fails as Dropbox would, and what was revoked and removed. */
  const setup = (o: { connection?: StoredDropboxConnection | null; refusal?: Error } = {}) => {
    const calls: string[] = [];
    const connections = {
      current: async () => (o.connection === undefined ? STORED : o.connection),
      remove: async () => void calls.push('remove'),
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
    return { calls, handler: new DisconnectDropboxHandler(connections, dropbox, authorization) };
  };

  it('revokes the token with Dropbox, then forgets the connection', async () => {
    const { calls, handler } = setup();
    expect(await handler.execute()).toEqual({ message: DropboxConnectionMessages.disconnected, connection: { mode: 'none' } });
    expect(calls).toEqual(['revoke sl.access-token', 'remove', 'forget']);
  });

  it('forgets a connection Dropbox already refuses (revoked grant, rejected token, marked broken)', async () => {
    for (const refusal of [
      new DropboxGrantError('invalid_grant', 'refresh token is invalid or revoked'),
      new CloudTokenError('rejected', 'Dropbox answered 401: invalid_access_token/'),
      new DropboxNotConnectedError(DropboxConnectionMessages.broken),
    ]) {
      const { calls, handler } = setup({ refusal });
      expect((await handler.execute()).message).toBe(DropboxConnectionMessages.disconnected);
      expect(calls).toEqual(['remove', 'forget']);
    }
  });

  it('keeps the connection and asks to try again when Dropbox cannot be reached', async () => {
    const { calls, handler } = setup({ refusal: new DropboxGrantError('unreachable', 'Dropbox could not be reached: ECONNREFUSED') });
    await expect(handler.execute()).rejects.toMatchObject({
      body: { code: ErrorCode.ServiceUnavailable, message: DropboxConnectionMessages.unreachable },
    });
    expect(calls).toEqual([]);
  });

  it('says so when nothing is connected', async () => {
    const { calls, handler } = setup({ connection: null });
    expect(await handler.execute()).toEqual({ message: DropboxConnectionMessages.notConnected, connection: { mode: 'none' } });
    expect(calls).toEqual([]);
  });
});
