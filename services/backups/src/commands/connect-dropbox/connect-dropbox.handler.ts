import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { type DropboxConnectRequest, type DropboxConnectResponse, DropboxConnectionMessages, ErrorCode } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { BackupContext } from '../../backup-context';
import { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { DropboxAuthorization } from '../../providers/dropbox-auth/dropbox-authorization';

export const VERIFIER_PURPOSE = 'dropbox-pkce-verifier';

/** RFC 7636: S256, the base64url SHA-256 of the verifier. */
export const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * "Connect Dropbox": a fresh state (the check that the redirect back answers this request) and a PKCE code
 * verifier, kept sealed until Dropbox sends the admin back; the answer is Dropbox's authorize page for them.
 */
@Injectable()
export class ConnectDropboxHandler {
  constructor(
    private readonly authorization: DropboxAuthorization,
    private readonly connections: DropboxConnectionRepository,
    private readonly context: BackupContext,
    private readonly clock: Clock,
  ) {}

  @Handles(BackupsSubjects.connectDropbox)
  async execute(request: DropboxConnectRequest): Promise<DropboxConnectResponse> {
    if (!this.authorization.available)
      throw new ServiceError({ code: ErrorCode.NotConfigured, message: DropboxConnectionMessages.connectNotConfigured });
    const state = randomBytes(24).toString('base64url');
    // 64 characters of the unreserved set: within RFC 7636's 43 to 128.
    const verifier = randomBytes(48).toString('base64url');
    const verifierSealed = (await this.context.keyRing()).seal(VERIFIER_PURPOSE, verifier);
    await this.connections.startAuthorization({ state, verifierSealed, redirectUri: request.redirectUri, at: this.clock.now() });
    return { authorizeUrl: this.authorization.authorizeUrl({ state, codeChallenge: codeChallengeOf(verifier), redirectUri: request.redirectUri }) };
  }
}
