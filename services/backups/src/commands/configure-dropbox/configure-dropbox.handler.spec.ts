import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { BackupMessages, DROPBOX_TOKEN_MAX_LENGTH, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal, fixedClock } from '@bleedkits/platform/testing';
import type { AlsoRecord } from '../../database/backups-audit-trail';
import { TRANSACTION, aUser, anAdmin, auditDouble, backupRun, backupRuns, dropboxDouble } from '../../../test/handler-doubles';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import type { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { SEALED_PURPOSE } from '../../dropbox-access';
import { type CloudStorage, CloudTokenError, type CloudTokenProblem } from '../../providers/cloud-storage/cloud-storage';
import type { DropboxAuthorization } from '../../providers/dropbox-auth/dropbox-authorization';
import type { RunBackupHandler } from '../run-backup/run-backup.handler';
import { ConfigureDropboxHandler } from './configure-dropbox.handler';

describe(ConfigureDropboxHandler.name, () => {
  const env = readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'), BACKUP_DIR: os.tmpdir() });
  const context = new BackupContext(env);
  const TOKEN = 'sl.a-pasted-token-of-enough-length';

  const setup = (problem?: CloudTokenProblem, account: unknown = { id: 'dbid:1', name: 'Register Backups', email: 'b@example.org' }) => {
    const { runs } = backupRuns([backupRun('b-1'), backupRun('b-2', { cloudCopyStatus: 'uploaded' })]);
    const { dropbox } = dropboxDouble();
    const checked: string[] = [];
    const cloud = {
      async checkToken(token: string) {
        checked.push(token);
        if (problem) throw new CloudTokenError(problem, `Dropbox said ${problem}`);
      },
    } as unknown as CloudStorage;
    const stored: { mode: string; secretSealed: string; account: unknown; at: Date }[] = [];
    const connections = {
      replace: async (c: (typeof stored)[number], alsoRecord?: AlsoRecord) => {
        stored.push(c);
        await alsoRecord?.(TRANSACTION);
      },
    } as unknown as DropboxConnectionRepository;
    const authorization = { account: async () => account } as unknown as DropboxAuthorization;
    const { audited, transactions, audit } = auditDouble();
    const queued: string[] = [];
    const backups = { queueCloudCopy: async (id: string) => void queued.push(id) } as unknown as RunBackupHandler;
    const handler = new ConfigureDropboxHandler(
      cloud,
      context,
      runs,
      backups,
      connections,
      dropbox,
      authorization,
      fixedClock('2027-03-10T12:00:00Z'),
      audit,
    );
    return { handler, checked, stored, queued, audited, transactions };
  };

  it('checks the token with Dropbox, stores it sealed as the connection and queues the copies still missing', async () => {
    const { handler, checked, stored, queued } = setup();
    expect(await handler.execute({ actor: anAdmin, token: `  ${TOKEN} ` })).toEqual({ message: BackupMessages.dropboxConfigured });
    expect(checked).toEqual([TOKEN]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ mode: 'legacy_token', account: { name: 'Register Backups' }, at: new Date('2027-03-10T12:00:00Z') });
    expect(stored[0].secretSealed).not.toContain(TOKEN);
    expect((await context.keyRing()).open(SEALED_PURPOSE.legacy_token, stored[0].secretSealed)).toBe(TOKEN);
    expect(queued).toEqual(['b-1']);
  });

  it("records the connection in its transaction: the admin, the account and 'pasted token', never the token", async () => {
    const { handler, audited, transactions } = setup();
    await handler.execute({ actor: anAdmin, token: TOKEN });
    expect(audited).toEqual([
      {
        actor: anAdmin,
        action: 'cloud-storage.connected',
        target: { type: 'cloud-storage', id: 'dropbox', label: 'Dropbox' },
        after: { account: 'Register Backups <b@example.org>', method: 'pasted token' },
      },
    ]);
    expect(transactions).toEqual([TRANSACTION]);
    expect(JSON.stringify(audited)).not.toContain(TOKEN);
  });

  it('records a token whose account Dropbox does not show with the account unknown', async () => {
    const { handler, audited } = setup(undefined, null);
    await handler.execute({ actor: anAdmin, token: TOKEN });
    expect(audited.map((e) => e.after)).toEqual([{ account: null, method: 'pasted token' }]);
  });

  it('refuses anyone but an admin, asking Dropbox nothing and recording nothing', async () => {
    const { handler, checked, stored, audited } = setup();
    expect((await codedRefusal(handler.execute({ actor: aUser, token: TOKEN }))).code).toBe(ErrorCode.Forbidden);
    expect([checked, stored, audited]).toEqual([[], [], []]);
  });

  it("refuses a token that breaks the form's rules or is too long, asking Dropbox nothing", async () => {
    const { handler, checked, stored } = setup();
    expect(await codedRefusal(handler.execute({ actor: anAdmin, token: '' }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [BackupMessages.tokenRequired],
    });
    expect((await codedRefusal(handler.execute({ actor: anAdmin, token: 'x'.repeat(DROPBOX_TOKEN_MAX_LENGTH + 1) }))).errors).toEqual([
      `A Dropbox token is at most ${DROPBOX_TOKEN_MAX_LENGTH} characters long`,
    ]);
    expect(checked).toEqual([]);
    expect(stored).toEqual([]);
  });

  it("answers Dropbox's refusal in the admin's words, storing nothing", async () => {
    for (const [problem, expected] of [
      ['rejected', { code: ErrorCode.ValidationFailed, errors: [BackupMessages.tokenRejected] }],
      ['expired', { code: ErrorCode.ValidationFailed, errors: [BackupMessages.tokenRejected] }],
      ['missing_write', { code: ErrorCode.ValidationFailed, errors: [BackupMessages.tokenMissingWrite] }],
      ['unreachable', { code: ErrorCode.ServiceUnavailable, message: BackupMessages.dropboxUnreachable }],
    ] as const) {
      const { handler, stored, queued, audited } = setup(problem);
      expect(await codedRefusal(handler.execute({ actor: anAdmin, token: TOKEN }))).toMatchObject(expected);
      expect(stored).toEqual([]);
      expect(queued).toEqual([]);
      expect(audited).toEqual([]);
    }
  });
});
