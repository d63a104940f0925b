/**
 * Why the cloud refused a token: the admin gets a message for each. `expired`: a short-lived access token that
 * Dropbox no longer takes (renewed from the refresh token); `rejected`: a token it does not know (any more).
 */
export type CloudTokenProblem = 'rejected' | 'expired' | 'missing_write' | 'unreachable';

export class CloudTokenError extends Error {
  constructor(
    readonly problem: CloudTokenProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'CloudTokenError';
  }
}

export type CloudFile = { name: string; path: string; size: number };

/**
 * The off-site copy (port). The token is passed per call: it lives, sealed, in the backups schema and the admin
 * can change it at any time.
 */
export abstract class CloudStorage {
  /** One call that proves the token works and may write files (files.content.write). */
  abstract checkToken(token: string): Promise<void>;
  /** Uploads a local file to `remotePath`, replacing what is there; large files go up in chunks. */
  abstract upload(token: string, localPath: string, remotePath: string): Promise<void>;
  /** Deletes a file; one that is already gone counts as deleted. */
  abstract remove(token: string, remotePath: string): Promise<void>;
  abstract list(token: string, folder: string): Promise<CloudFile[]>;
}
