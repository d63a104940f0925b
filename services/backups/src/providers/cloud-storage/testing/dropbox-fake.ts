import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Dropbox on 127.0.0.1 for tests: the HTTP API v2 calls the adapter makes (files/upload, the upload
 * session start / append_v2 / finish, files/delete_v2, files/list_folder and /continue, users/get_current_account,
 * check/user), with bearer tokens and their scopes, Dropbox's error bodies, and injected failures.
 */
export type DropboxFake = {
  url: string;
  files: Map<string, Buffer>;
  /** Route of every call, in order (e.g. 'files/upload_session/append_v2'). */
  calls: string[];
  addToken(token: string, scopes?: string[]): void;
  /** The next `times` calls to `route` answer `status` (Dropbox's own 5xx bodies). */
  failNext(route: string, times: number, status?: number): void;
  close(): Promise<void>;
};

const ALL_SCOPES = ['account_info.read', 'files.metadata.read', 'files.content.read', 'files.content.write'];
const ROUTE_SCOPE: Record<string, string> = {
  'files/upload': 'files.content.write',
  'files/upload_session/start': 'files.content.write',
  'files/upload_session/append_v2': 'files.content.write',
  'files/upload_session/finish': 'files.content.write',
  'files/delete_v2': 'files.content.write',
  'files/list_folder': 'files.metadata.read',
  'files/list_folder/continue': 'files.metadata.read',
  'users/get_current_account': 'account_info.read',
};
const LIST_PAGE = 5;

export async function startDropboxFake(): Promise<DropboxFake> {
  const tokens = new Map<string, string[]>();
  const files = new Map<string, Buffer>();
  const sessions = new Map<string, { data: Buffer; closed: boolean }>();
  const failures = new Map<string, { times: number; status: number }>();
  const cursors = new Map<string, { paths: string[]; at: number }>();
  const calls: string[] = [];

  const metadata = (path: string) => {
    const data = files.get(path.toLowerCase())!;
    const name = path.split('/').pop()!;
    return {
      '.tag': 'file',
      name,
      id: `id:${Buffer.from(path).toString('base64url').slice(0, 22)}`,
      path_lower: path.toLowerCase(),
      path_display: path,
      size: data.length,
      rev: '0123456789abcdef',
      client_modified: new Date().toISOString().slice(0, 19) + 'Z',
      server_modified: new Date().toISOString().slice(0, 19) + 'Z',
      content_hash: '',
    };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const route = (req.url ?? '').replace(/^\/2\//, '').split('?')[0];
      calls.push(route);
      const send = (status: number, payload: unknown) => {
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        res.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain; charset=utf-8' : 'application/json' });
        res.end(text);
      };
      const fail = (status: number, tag: string, extra: Record<string, unknown> = {}) =>
        send(status, { error_summary: `${tag}/`, error: { '.tag': tag, ...extra } });

      const injected = failures.get(route);
      if (injected && injected.times > 0) {
        injected.times--;
        return send(injected.status, 'Internal Server Error');
      }
      if (req.method !== 'POST') return send(405, 'Method Not Allowed');
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      const scopes = auth ? tokens.get(auth[1]) : undefined;
      if (!scopes) return fail(401, 'invalid_access_token');
      const needed = ROUTE_SCOPE[route];
      if (needed && !scopes.includes(needed)) return fail(401, 'missing_scope', { required_scope: needed });

      const contentRoute = route.startsWith('files/upload');
      // Dropbox's argument objects, as the adapter sends them (a test peer: checked by what it answers).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      let arg: Record<string, any> = {};
      try {
        arg = contentRoute ? JSON.parse(String(req.headers['dropbox-api-arg'] ?? '{}')) : body.length ? JSON.parse(body.toString('utf8')) : {};
      } catch {
        return send(400, 'Error in call: could not decode input as JSON');
      }
      if (contentRoute && req.headers['content-type'] !== 'application/octet-stream') return send(400, 'Bad HTTP "Content-Type" header');

      switch (route) {
        case 'check/user':
          return send(200, { result: arg.query ?? '' });
        case 'users/get_current_account':
          return send(200, { account_id: 'dbid:fake', name: { display_name: 'Register Backups' }, email: 'backups@example.org' });
        case 'files/upload': {
          files.set(String(arg.path).toLowerCase(), body);
          return send(200, metadata(arg.path));
        }
        case 'files/upload_session/start': {
          const id = randomUUID();
          sessions.set(id, { data: body, closed: Boolean(arg.close) });
          return send(200, { session_id: id });
        }
        case 'files/upload_session/append_v2':
        case 'files/upload_session/finish': {
          const session = sessions.get(arg.cursor?.session_id);
          if (!session) return fail(409, 'lookup_failed', { lookup_failed: { '.tag': 'not_found' } });
          if (session.data.length !== arg.cursor.offset)
            return fail(409, 'lookup_failed', { lookup_failed: { '.tag': 'incorrect_offset', correct_offset: session.data.length } });
          if (session.closed && body.length) return fail(409, 'lookup_failed', { lookup_failed: { '.tag': 'closed' } });
          session.data = Buffer.concat([session.data, body]);
          if (route.endsWith('append_v2')) {
            session.closed = Boolean(arg.close);
            return send(200, null);
          }
          sessions.delete(arg.cursor.session_id);
          files.set(String(arg.commit.path).toLowerCase(), session.data);
          return send(200, metadata(arg.commit.path));
        }
        case 'files/delete_v2': {
          const path = String(arg.path).toLowerCase();
          if (!files.has(path)) return fail(409, 'path_lookup', { path_lookup: { '.tag': 'not_found' } });
          const meta = metadata(arg.path);
          files.delete(path);
          return send(200, { metadata: meta });
        }
        case 'files/list_folder':
        case 'files/list_folder/continue': {
          let state: { paths: string[]; at: number } | undefined;
          if (route === 'files/list_folder') {
            const folder = String(arg.path).toLowerCase().replace(/\/$/, '');
            const paths = [...files.keys()].filter((p) => p.startsWith(`${folder}/`)).sort();
            if (paths.length === 0) return fail(409, 'path', { path: { '.tag': 'not_found' } });
            state = { paths, at: 0 };
          } else {
            state = cursors.get(arg.cursor);
            if (!state) return fail(409, 'reset');
          }
          const page = state.paths.slice(state.at, state.at + LIST_PAGE);
          const cursor = randomUUID();
          cursors.set(cursor, { paths: state.paths, at: state.at + page.length });
          return send(200, { entries: page.map(metadata), cursor, has_more: state.at + page.length < state.paths.length });
        }
        default:
          return send(404, `Unknown API function: "${route}"`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    calls,
    addToken: (token, scopes = ALL_SCOPES) => tokens.set(token, scopes),
    failNext: (route, times, status = 503) => failures.set(route, { times, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
