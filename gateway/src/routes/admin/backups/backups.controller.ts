import { Body, Controller, Get, HttpCode, Inject, Logger, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  BACKUP_PAGE_SIZE,
  type BackupPage,
  type BackupSecurityStats,
  type CurrentUser as CurrentUserType,
  type DropboxConnectResponse,
  type DropboxConnection,
  DropboxConnectionMessages,
  type DropboxDisconnectResponse,
  type DropboxSetupResponse,
  type StartBackupResponse,
} from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { BackupListQueryDto, DropboxSetupDto } from '@bleedkits/contracts/dto';
import { NatsBus, RemoteCallError } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../../config/env';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';
import { Redirects } from '../../../openapi/answers.decorator';

/** Where Dropbox sends the admin back after "Connect Dropbox" (registered as the app's redirect URI). */
export const DROPBOX_CALLBACK_PATH = '/api/admin/dropbox/callback';
/** The page the admin returns to; `dropbox=connected`, or `dropbox=failed` with the reason in words. */
const BACKUPS_PAGE = '/admin/backups';
/** Dropbox is asked before the answer (a code exchange, a revoke): allow for a slow provider. */
const DROPBOX_CALL_MS = 30_000;

const firstOf = (v: unknown) => (Array.isArray(v) ? (v[0] as unknown) : v);

/** Database Backup Management (admin only by path): Backup Now, history, security stats, the Dropbox connection. */
@ApiTags('backups')
@Controller('api/admin')
export class BackupsController {
  private readonly logger = new Logger(BackupsController.name);

  constructor(
    private readonly bus: NatsBus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('dropbox')
  @ApiOperation({ summary: 'The Dropbox connection: connected, pasted token or none; the account, the last copy and the last error' })
  dropboxConnection(): Promise<DropboxConnection> {
    return this.bus.request(BackupsSubjects.dropboxConnection, {});
  }

  @Post('dropbox/connect')
  @HttpCode(200)
  @ApiOperation({ summary: "Start Connect Dropbox (OAuth 2 with PKCE, offline access): answers Dropbox's page to send the admin to" })
  connectDropbox(): Promise<DropboxConnectResponse> {
    return this.bus.request(BackupsSubjects.connectDropbox, { redirectUri: new URL(DROPBOX_CALLBACK_PATH, this.env.PUBLIC_BASE_URL).toString() });
  }

  @Get('dropbox/callback')
  @ApiOperation({ summary: "Dropbox's redirect back: the code is exchanged for a refresh token; the admin returns to the backups page" })
  @Redirects(303, 'to the backups page with ?dropbox=connected, or ?dropbox=failed&reason=<why>')
  async dropboxCallback(@CurrentUser() me: CurrentUserType, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const request = {
      actor: actorOf(me),
      code: firstOf(query.code),
      state: firstOf(query.state),
      ...(query.error !== undefined ? { error: firstOf(query.error) } : {}),
    };
    try {
      await this.bus.request(BackupsSubjects.finishDropboxConnection, request, DROPBOX_CALL_MS);
      res.redirect(303, `${BACKUPS_PAGE}?dropbox=connected`);
    } catch (error) {
      const reason = error instanceof RemoteCallError ? error.body.message : DropboxConnectionMessages.unreachable;
      if (!(error instanceof RemoteCallError)) this.logger.error(`Dropbox connection not finished: ${(error as Error).message}`);
      res.redirect(303, `${BACKUPS_PAGE}?${new URLSearchParams({ dropbox: 'failed', reason }).toString()}`);
    }
  }

  @Post('dropbox/disconnect')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke the Dropbox token with Dropbox and forget it; backups stay local' })
  disconnectDropbox(@CurrentUser() me: CurrentUserType): Promise<DropboxDisconnectResponse> {
    return this.bus.request(BackupsSubjects.disconnectDropbox, { actor: actorOf(me) }, DROPBOX_CALL_MS);
  }

  @Post('backup')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a manual full backup; the history shows it in progress, then success or failed' })
  start(@CurrentUser() me: CurrentUserType): Promise<StartBackupResponse> {
    return this.bus.request(BackupsSubjects.startManual, { actor: actorOf(me) });
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
  dropboxSetup(@CurrentUser() me: CurrentUserType, @Body() body: DropboxSetupDto): Promise<DropboxSetupResponse> {
    // Dropbox is asked before the answer: allow for a slow provider.
    return this.bus.request(BackupsSubjects.configureDropbox, { actor: actorOf(me), token: body.token }, 30_000);
  }
}
