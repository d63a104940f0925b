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
import type { AuditPage, AuditPageRequest } from '../admin/audit';
import { type Asked, actor, auditPageRequest, call, shape } from './call';
import { healthSubject } from '../subjects';

export const BackupsSubjects = {
  health: healthSubject('backups'),
  /** BackupListRequest → BackupPage (the history, newest first). */
  list: 'backups.qry.list.v1',
  /** {} → BackupSecurityStats. */
  securityStats: 'backups.qry.security-stats.v1',
  /** {} → StartBackupResponse: records a manual full backup and queues it. */
  startManual: 'backups.cmd.start-manual.v1',
  /** DropboxSetupRequest → DropboxSetupResponse: checks the token with Dropbox, stores it encrypted. */
  configureDropbox: 'backups.cmd.configure-dropbox.v1',
  /** DropboxConnectRequest → DropboxConnectResponse: starts "Connect Dropbox" (OAuth 2 with PKCE), answers Dropbox's address. */
  connectDropbox: 'backups.cmd.connect-dropbox.v1',
  /** DropboxConnectFinishRequest → DropboxConnectFinishResponse: Dropbox's redirect back, code exchanged for a refresh token. */
  finishDropboxConnection: 'backups.cmd.finish-dropbox-connection.v1',
  /** {} → DropboxDisconnectResponse: revokes the token with Dropbox and forgets it. */
  disconnectDropbox: 'backups.cmd.disconnect-dropbox.v1',
  /** {} → DropboxConnection. */
  dropboxConnection: 'backups.qry.dropbox-connection.v1',
  /** {} → BackupStatusFacts (the admin status page). */
  statusFacts: 'backups.qry.status-facts.v1',
  /** One page of the backups' audit entries (manual backups, Dropbox connected and disconnected, restores), newest first. */
  auditPage: 'backups.qry.audit-page.v1',
} as const;

/**
 * Every request/reply subject of the backups context. A page and its size fall back to the defaults when they are
 * not whole numbers (the gateway passes the query's text on); the Dropbox token is checked by the handler's rules.
 * The admin's commands carry who asks: their handlers refuse anyone but an admin and record the audit entry.
 */
export const BackupsWire = {
  [BackupsSubjects.list]: call<BackupListRequest, BackupPage>(shape({ page: z.unknown().optional(), limit: z.unknown().optional() })),
  [BackupsSubjects.securityStats]: call<Record<string, never>, BackupSecurityStats>(shape({})),
  [BackupsSubjects.startManual]: call<Asked, StartBackupResponse>(shape({ actor })),
  [BackupsSubjects.configureDropbox]: call<Asked<DropboxSetupRequest>, DropboxSetupResponse>(shape({ actor, token: z.unknown() })),
  [BackupsSubjects.connectDropbox]: call<DropboxConnectRequest, DropboxConnectResponse>(shape({ redirectUri: z.string().url() })),
  [BackupsSubjects.finishDropboxConnection]: call<Asked<DropboxConnectFinishRequest>, DropboxConnectFinishResponse>(
    shape({ actor, code: z.unknown().optional(), state: z.unknown(), error: z.unknown().optional() }),
  ),
  [BackupsSubjects.disconnectDropbox]: call<Asked, DropboxDisconnectResponse>(shape({ actor })),
  [BackupsSubjects.dropboxConnection]: call<Record<string, never>, DropboxConnection>(shape({})),
  [BackupsSubjects.statusFacts]: call<Record<string, never>, BackupStatusFacts>(shape({})),
  [BackupsSubjects.auditPage]: call<Asked<AuditPageRequest>, AuditPage>(auditPageRequest),
} as const;
