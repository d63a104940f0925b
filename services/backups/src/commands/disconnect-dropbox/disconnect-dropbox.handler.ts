import { Injectable, Logger } from '@nestjs/common';
import { type Actor, DropboxConnectionMessages, type DropboxDisconnectResponse, ErrorCode, assertAdmin } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { DROPBOX_AUDIT_TARGET, dropboxAccountLabel } from '../../domain/backups-audit';
import { DropboxAccess, DropboxNotConnectedError } from '../../dropbox-access';
import { CloudTokenError } from '../../providers/cloud-storage/cloud-storage';
import { DropboxAuthorization, DropboxGrantError } from '../../providers/dropbox-auth/dropbox-authorization';

/**
 * "Disconnect": revokes the token with Dropbox (for a connection, the refresh token with it), then forgets it.
 * A connection Dropbox already refuses is simply forgotten; when Dropbox cannot be reached the connection stays,
 * so no live token is left behind unseen, and the admin is asked to try again. The forgetting and its audit entry
 * are one transaction.
 */
@Injectable()
export class DisconnectDropboxHandler {
  private readonly logger = new Logger(DisconnectDropboxHandler.name);

  constructor(
    private readonly connections: DropboxConnectionRepository,
    private readonly dropbox: DropboxAccess,
    private readonly authorization: DropboxAuthorization,
    private readonly audit: BackupsAuditTrail,
  ) {}

  @Handles(BackupsSubjects.disconnectDropbox)
  async execute({ actor }: { actor: Actor }): Promise<DropboxDisconnectResponse> {
    assertAdmin(actor);
    const current = await this.connections.current();
    if (!current) return { message: DropboxConnectionMessages.notConnected, connection: await this.dropbox.view() };
    try {
      await this.dropbox.use((token) => this.authorization.revoke(token));
    } catch (error) {
      const alreadyDead =
        error instanceof DropboxNotConnectedError ||
        (error instanceof DropboxGrantError && error.problem === 'invalid_grant') ||
        (error instanceof CloudTokenError && error.problem !== 'unreachable');
      if (!alreadyDead) {
        this.logger.warn(`Dropbox token not revoked: ${(error as Error).message}`);
        throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: DropboxConnectionMessages.unreachable });
      }
    }
    await this.connections.remove((m) =>
      this.audit.record(m, {
        actor,
        action: 'cloud-storage.disconnected',
        target: DROPBOX_AUDIT_TARGET,
        before: { account: dropboxAccountLabel({ name: current.accountName, email: current.accountEmail }) },
      }),
    );
    this.dropbox.forget();
    return { message: DropboxConnectionMessages.disconnected, connection: await this.dropbox.view() };
  }
}
