/**
 * The register's Dropbox connection, as /admin/backups shows it. `connected`: the OAuth 2 authorization-code flow
 * with PKCE gave a refresh token (stored sealed), so access tokens are renewed as they expire. `legacy_token`: an
 * access token pasted on the page (older Dropbox apps); it is used as is and may expire. `none`: backups stay local.
 */
export const DROPBOX_CONNECTION_MODES = ['none', 'connected', 'legacy_token'] as const;
export type DropboxConnectionMode = (typeof DROPBOX_CONNECTION_MODES)[number];

export type DropboxConnection = {
  mode: DropboxConnectionMode;
  /** Whether "Connect Dropbox" can be offered (DROPBOX_APP_KEY is set). */
  connectAvailable: boolean;
  /** The Dropbox account the copies go to (users/get_current_account), when known. */
  accountName: string | null;
  accountEmail: string | null;
  connectedAt: string | null;
  /** Dropbox no longer accepts the connection (a revoked refresh token or a rejected pasted token): connect again. */
  broken: boolean;
  /** The newest backup whose copy reached Dropbox. */
  lastCopyAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
};

/** POST /api/admin/dropbox/connect: the gateway passes its own callback address. */
export type DropboxConnectRequest = { redirectUri: string };
export type DropboxConnectResponse = { authorizeUrl: string };

/** GET /api/admin/dropbox/callback?code=&state= (Dropbox's redirect), handed to backups by the gateway. */
export type DropboxConnectFinishRequest = { code?: unknown; state: unknown; error?: unknown };
export type DropboxConnectFinishResponse = { message: string; connection: DropboxConnection };

export type DropboxDisconnectResponse = { message: string; connection: DropboxConnection };

/** How long a started "Connect Dropbox" may take before its state is refused. */
export const DROPBOX_AUTHORIZATION_TTL_MINUTES = 15;

/** Our own words (the spec shows none for the OAuth connection). */
export const DropboxConnectionMessages = {
  connectNotConfigured: 'Connecting Dropbox needs the Dropbox app key (DROPBOX_APP_KEY) in the backups service configuration.',
  connected: 'Dropbox connected. Backups will be copied there.',
  disconnected: 'Dropbox disconnected. Backups stay on this server only.',
  notConnected: 'Dropbox is not connected.',
  unknownState: 'This Dropbox connection request has expired or was already used. Please press Connect Dropbox again.',
  cancelled: 'Dropbox was not connected: the request was cancelled on Dropbox.',
  codeRefused: 'Dropbox did not accept the authorization. Please press Connect Dropbox again.',
  unreachable: 'Could not reach Dropbox. Please try again.',
  legacyMayExpire:
    'This connection uses a pasted access token. Dropbox access tokens may expire after a few hours, and copies then fail: press Connect Dropbox so the register can renew its access itself.',
  broken: 'Dropbox no longer accepts the connection (it was revoked or has expired). Press Connect Dropbox to connect again.',
} as const;
