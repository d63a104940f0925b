import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BACKUP_PAGE_SIZE,
  type BackupPage,
  type BackupSecurityStats,
  BackupsSubjects,
  type DropboxSetupResponse,
  type StartBackupResponse,
} from '@bleedkits/contracts';
import { BackupListQueryDto, DropboxSetupDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';

/** Database Backup Management (admin only by path): Backup Now, history, security stats, Dropbox token. */
@ApiTags('admin')
@Controller('api/admin')
export class BackupsController {
  constructor(private readonly bus: NatsBus) {}

  @Post('backup')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a manual full backup; the history shows it in progress, then success or failed' })
  start(): Promise<StartBackupResponse> {
    return this.bus.request(BackupsSubjects.startManual, {});
  }

  @Get('backups')
  @ApiOperation({ summary: 'Backup history, newest first (10 a page by default)' })
  list(@Query() query: BackupListQueryDto): Promise<BackupPage> {
    return this.bus.request(BackupsSubjects.list, { page: Number(query.page ?? 1), limit: Number(query.limit ?? BACKUP_PAGE_SIZE) });
  }

  @Get('security-stats')
  @ApiOperation({ summary: 'backupStats and securityStatus' })
  securityStats(): Promise<BackupSecurityStats> {
    return this.bus.request(BackupsSubjects.securityStats, {});
  }

  @Post('dropbox-setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a Dropbox token (it must allow files.content.write) and store it encrypted' })
  dropboxSetup(@Body() body: DropboxSetupDto): Promise<DropboxSetupResponse> {
    // Dropbox is asked before the answer: allow for a slow provider.
    return this.bus.request(BackupsSubjects.configureDropbox, { token: body.token }, 30_000);
  }
}
