import type { BackupPage, BackupSecurityStats, DropboxSetupRequest, DropboxSetupResponse, StartBackupResponse } from '@bleedkits/contracts';
import { BACKUP_PAGE_SIZE } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const backupsApi = api.enhanceEndpoints({ addTagTypes: ['Backups', 'BackupStats'] }).injectEndpoints({
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
      invalidatesTags: ['Backups', 'BackupStats'],
    }),
  }),
});

export const { useBackupsListQuery, useBackupsSecurityStatsQuery, useBackupsStartMutation, useBackupsDropboxSetupMutation } = backupsApi;
