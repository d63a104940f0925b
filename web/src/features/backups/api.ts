import type {
  BackupPage,
  BackupSecurityStats,
  DropboxConnectResponse,
  DropboxConnection,
  DropboxDisconnectResponse,
  DropboxSetupRequest,
  DropboxSetupResponse,
  StartBackupResponse,
} from '@bleedkits/contracts';
import { BACKUP_PAGE_SIZE } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const backupsApi = api.enhanceEndpoints({ addTagTypes: ['Backups', 'BackupStats', 'DropboxConnection'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One page of the history, newest first; `page` counts from 1. */
    backupsList: build.query<BackupPage, { page: number }>({
      query: ({ page }) => `/api/admin/backups?page=${page}&limit=${BACKUP_PAGE_SIZE}`,
      providesTags: ['Backups'],
    }),
    backupsSecurityStats: build.query<BackupSecurityStats, void>({
      query: () => '/api/admin/security-stats',
      providesTags: ['BackupStats'],
    }),
    /** Backup Now: POST with no body and a JSON content type (spec §7); the backup itself runs as a job. */
    backupsStart: build.mutation<StartBackupResponse, void>({
      query: () => ({ url: '/api/admin/backup', method: 'POST', headers: { 'Content-Type': 'application/json' } }),
      invalidatesTags: ['Backups', 'BackupStats'],
    }),
    backupsDropboxSetup: build.mutation<DropboxSetupResponse, DropboxSetupRequest>({
      query: (body) => ({ url: '/api/admin/dropbox-setup', method: 'POST', body }),
      // The cloud copy is on now: the stats say so and older backups start uploading.
      invalidatesTags: ['Backups', 'BackupStats', 'DropboxConnection'],
    }),
    /** The Dropbox connection: its kind, the account, whether Dropbox still accepts it, the last copy and error. */
    backupsDropboxConnection: build.query<DropboxConnection, void>({
      query: () => '/api/admin/dropbox',
      providesTags: ['DropboxConnection'],
    }),
    /** Connect Dropbox: the server starts the OAuth request and answers Dropbox's page to send the admin to. */
    backupsDropboxConnect: build.mutation<DropboxConnectResponse, void>({
      query: () => ({ url: '/api/admin/dropbox/connect', method: 'POST', body: {} }),
    }),
    backupsDropboxDisconnect: build.mutation<DropboxDisconnectResponse, void>({
      query: () => ({ url: '/api/admin/dropbox/disconnect', method: 'POST', body: {} }),
      invalidatesTags: ['Backups', 'BackupStats', 'DropboxConnection'],
    }),
  }),
});

export const {
  useBackupsListQuery,
  useBackupsSecurityStatsQuery,
  useBackupsStartMutation,
  useBackupsDropboxSetupMutation,
  useBackupsDropboxConnectionQuery,
  useBackupsDropboxConnectMutation,
  useBackupsDropboxDisconnectMutation,
} = backupsApi;
