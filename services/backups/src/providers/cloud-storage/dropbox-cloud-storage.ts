import { open, stat } from 'node:fs/promises';
import { Dropbox, DropboxResponseError } from 'dropbox';
import { CloudStorage, type CloudFile, CloudTokenError } from './cloud-storage';

export type DropboxOptions = {
  /** Base URLs of Dropbox's two API hosts; tests point both at a local fake. */
  apiUrl: string;
  contentUrl: string;
  /** Files up to this size go up in one files/upload call; larger ones in an upload session of chunks this size. */
  chunkBytes: number;
  timeoutMs: number;
};

const DROPBOX_HOSTS: Record<string, 'api' | 'content'> = { 'api.dropboxapi.com': 'api', 'content.dropboxapi.com': 'content' };

type DropboxErrorBody = {
  error_summary?: string;
  error?: { '.tag'?: string; required_scope?: string; path_lookup?: { '.tag'?: string }; path?: { '.tag'?: string } };
};

function errorBody(error: unknown): DropboxErrorBody {
  const body = error instanceof DropboxResponseError ? (error.error as unknown) : null;
  return typeof body === 'object' && body !== null ? (body as DropboxErrorBody) : {};
}

function describe(error: unknown): string {
  if (error instanceof DropboxResponseError) {
    const body = errorBody(error);
    return `Dropbox answered ${error.status}${body.error_summary ? `: ${body.error_summary}` : typeof error.error === 'string' ? `: ${String(error.error).slice(0, 200)}` : ''}`;
  }
  return `Dropbox could not be reached: ${(error as Error).message}`;
}

/** The official Dropbox SDK behind the CloudStorage port. */
export class DropboxCloudStorage extends CloudStorage {
  constructor(private readonly options: DropboxOptions) {
    super();
  }

  /**
   * The SDK always builds https://{api,content}.dropboxapi.com/2/... URLs; its fetch option lets the adapter send
   * them to the configured base URLs (Dropbox in production, a local fake in tests), each with a timeout.
   */
  private client(token: string): Dropbox {
    const { apiUrl, contentUrl, timeoutMs } = this.options;
    const routedFetch = (input: string, init?: RequestInit) => {
      const url = new URL(input);
      const host = DROPBOX_HOSTS[url.hostname];
      const base = host === 'content' ? contentUrl : host === 'api' ? apiUrl : null;
      const target = base ? `${base.replace(/\/$/, '')}${url.pathname}${url.search}` : input;
      return fetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    };
    return new Dropbox({ accessToken: token, fetch: routedFetch });
  }

  async checkToken(token: string): Promise<void> {
    try {
      // An empty, closed upload session: needs a valid token with files.content.write, and leaves no file behind.
      await this.client(token).filesUploadSessionStart({ close: true, contents: Buffer.alloc(0) });
    } catch (error) {
      const tag = errorBody(error).error?.['.tag'];
      if (error instanceof DropboxResponseError && tag === 'missing_scope') throw new CloudTokenError('missing_write', describe(error));
      if (error instanceof DropboxResponseError && (error.status === 400 || error.status === 401 || error.status === 403)) {
        throw new CloudTokenError('rejected', describe(error));
      }
      throw new CloudTokenError('unreachable', describe(error));
    }
  }

  async upload(token: string, localPath: string, remotePath: string): Promise<void> {
    const dbx = this.client(token);
    const { size } = await stat(localPath);
    const commit = { path: remotePath, mode: { '.tag': 'overwrite' as const }, autorename: false, mute: true };
    const chunk = this.options.chunkBytes;
    const file = await open(localPath, 'r');
    try {
      const read = async (offset: number, length: number) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await file.read(buffer, 0, length, offset);
        if (bytesRead !== length) throw new Error(`${localPath} changed while it was being uploaded`);
        return buffer;
      };
      if (size <= chunk) {
        await dbx.filesUpload({ ...commit, contents: await read(0, size) }).catch(rethrow);
        return;
      }
      // Upload session: start with the first chunk, append the middle ones, finish with the last (never all in memory).
      const started = await dbx.filesUploadSessionStart({ close: false, contents: await read(0, chunk) }).catch(rethrow);
      const sessionId = started.result.session_id;
      let offset = chunk;
      while (size - offset > chunk) {
        await dbx
          .filesUploadSessionAppendV2({ cursor: { session_id: sessionId, offset }, close: false, contents: await read(offset, chunk) })
          .catch(rethrow);
        offset += chunk;
      }
      await dbx
        .filesUploadSessionFinish({ cursor: { session_id: sessionId, offset }, commit, contents: await read(offset, size - offset) })
        .catch(rethrow);
    } finally {
      await file.close();
    }
  }

  async remove(token: string, remotePath: string): Promise<void> {
    try {
      await this.client(token).filesDeleteV2({ path: remotePath });
    } catch (error) {
      if (errorBody(error).error?.path_lookup?.['.tag'] === 'not_found') return;
      rethrow(error);
    }
  }

  async list(token: string, folder: string): Promise<CloudFile[]> {
    const dbx = this.client(token);
    const files: CloudFile[] = [];
    try {
      let page = (await dbx.filesListFolder({ path: folder })).result;
      for (;;) {
        for (const e of page.entries)
          if (e['.tag'] === 'file') files.push({ name: e.name, path: e.path_display ?? e.path_lower ?? e.name, size: e.size });
        if (!page.has_more) break;
        page = (await dbx.filesListFolderContinue({ cursor: page.cursor })).result;
      }
    } catch (error) {
      if (errorBody(error).error?.path?.['.tag'] === 'not_found') return [];
      rethrow(error);
    }
    return files;
  }
}

/** An expired or unknown token is told apart (DropboxAccess renews or marks the connection); anything else is plain. */
function rethrow(error: unknown): never {
  if (error instanceof DropboxResponseError && error.status === 401) {
    const tag = errorBody(error).error?.['.tag'];
    if (tag === 'expired_access_token') throw new CloudTokenError('expired', describe(error));
    if (tag === 'invalid_access_token') throw new CloudTokenError('rejected', describe(error));
  }
  throw new Error(describe(error));
}
