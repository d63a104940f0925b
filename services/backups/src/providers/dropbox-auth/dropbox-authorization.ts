/** Why Dropbox refused an OAuth call: the admin (and the status page) get words for each. */
export type DropboxGrantProblem = 'invalid_grant' | 'refused' | 'unreachable' | 'not_configured';

export class DropboxGrantError extends Error {
  constructor(
    readonly problem: DropboxGrantProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'DropboxGrantError';
  }
}

export type DropboxTokens = { accessToken: string; expiresInSeconds: number; refreshToken: string | null; accountId: string | null };
export type DropboxAccount = { id: string; name: string; email: string };

/**
 * Dropbox's OAuth 2 (port): the authorization-code flow with PKCE and offline access, refreshing and revoking
 * tokens, and the account a token reaches.
 */
export abstract class DropboxAuthorization {
  /** Whether an app key is configured ("Connect Dropbox" can be offered). */
  abstract readonly available: boolean;
  /** Dropbox's authorize page for this request (S256 code challenge, token_access_type=offline). */
  abstract authorizeUrl(r: { state: string; codeChallenge: string; redirectUri: string }): string;
  abstract exchangeCode(r: { code: string; codeVerifier: string; redirectUri: string }): Promise<DropboxTokens>;
  /** A new short-lived access token; DropboxGrantError('invalid_grant') when the refresh token is revoked or unknown. */
  abstract refresh(refreshToken: string): Promise<DropboxTokens>;
  /** Revokes the token and, for one from a refresh token, the refresh token with it. */
  abstract revoke(accessToken: string): Promise<void>;
  abstract account(accessToken: string): Promise<DropboxAccount>;
}
