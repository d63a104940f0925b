import { z } from 'zod';
import type {
  BackupListRequest,
  BackupPage,
  BackupSecurityStats,
  DropboxSetupRequest,
  DropboxSetupResponse,
  StartBackupResponse,
} from '../backups/backups';
import type {
  DropboxConnectFinishRequest,
  DropboxConnectFinishResponse,
  DropboxConnectRequest,
  DropboxConnectResponse,
  DropboxConnection,
  DropboxDisconnectResponse,
} from '../backups/dropbox-connection';
import type { BackupStatusFacts } from '../admin/system-status';
import { BackupsSubjects } from '../subjects';
import { call, shape } from './call';

/**
 * Every request/reply subject of the backups context. A page and its size fall back to the defaults when they are
 * not whole numbers (the gateway passes the query's text on); the Dropbox token is checked by the handler's rules.
 */
export const BackupsWire = {
  [BackupsSubjects.list]: call<BackupListRequest, BackupPage>(shape({ page: z.unknown().optional(), limit: z.unknown().optional() })),
  [BackupsSubjects.securityStats]: call<Record<string, never>, BackupSecurityStats>(shape({})),
  [BackupsSubjects.startManual]: call<Record<string, never>, StartBackupResponse>(shape({})),
  [BackupsSubjects.configureDropbox]: call<DropboxSetupRequest, DropboxSetupResponse>(shape({ token: z.unknown() })),
  [BackupsSubjects.connectDropbox]: call<DropboxConnectRequest, DropboxConnectResponse>(shape({ redirectUri: z.string().url() })),
  [BackupsSubjects.finishDropboxConnection]: call<DropboxConnectFinishRequest, DropboxConnectFinishResponse>(
    shape({ code: z.unknown().optional(), state: z.unknown(), error: z.unknown().optional() }),
  ),
  [BackupsSubjects.disconnectDropbox]: call<Record<string, never>, DropboxDisconnectResponse>(shape({})),
  [BackupsSubjects.dropboxConnection]: call<Record<string, never>, DropboxConnection>(shape({})),
  [BackupsSubjects.statusFacts]: call<Record<string, never>, BackupStatusFacts>(shape({})),
} as const;
