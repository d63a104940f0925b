import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Dropbox on 127.0.0.1 for tests: the HTTP API v2 calls the adapter makes (files/upload, the upload
 * session start / append_v2 / finish, files/delete_v2, files/list_folder and /continue, users/get_current_account,
 * check/user, auth/token/revoke), with bearer tokens and their scopes, Dropbox's error bodies, and injected
 * failures; and Dropbox's OAuth 2 as the OAuth guide describes it: the authorize page (which approves at once, as an
 * admin pressing Allow, and redirects back with a code and the state), and the token endpoint (authorization_code
 * with the PKCE code_verifier checked against the S256 challenge; refresh_token), issuing access tokens that expire
 * on a clock the test moves.
 */
export type DropboxFake = {
  url: string;
  /** The authorize page's address (DROPBOX_AUTHORIZE_URL). */
  authorizeUrl: string;
  /** The app key and secret the token endpoint accepts (DROPBOX_APP_KEY, DROPBOX_APP_SECRET). */
  appKey: string;
  appSecret: string;
  /** The peer's clock: access tokens expire `accessTokenSeconds` after they are issued on it. */
  advance(ms: number): void;
  accessTokenSeconds: number;
  /** Refresh tokens issued and not revoked. */
  refreshTokens(): string[];
  /** The account owner revokes the app in Dropbox: every refresh token and its access tokens stop working. */
  revokeAll(): void;
  /** The next authorize request is denied by the user (redirect with error=access_denied). */
  denyNext(): void;
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
  const appKey = 'fake-app-key-0123';
  const appSecret = 'fake-app-secret-4567';
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  let deny = false;
  /** Codes waiting for their exchange: the PKCE challenge and the redirect they were issued for. */
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();
  /** Access tokens issued by the token endpoint: when each expires and which refresh token it came from. */
  const issued = new Map<string, { expiresAt: number; refreshToken: string }>();
  const account = {
    account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
    name: { display_name: 'Register Backups' },
    email: 'backups@example.org',
  };

  const api = {
    appKey,
    appSecret,
    accessTokenSeconds: 14_400,
    advance: (ms: number) => void (clockOffset += ms),
    refreshTokens: () => [...refreshTokens],
    revokeAll: () => [...refreshTokens].forEach(revokeRefreshToken),
    denyNext: () => void (deny = true),
  } as DropboxFake;
  const issueAccessToken = (refreshToken: string) => {
    const token = `sl.${randomBytes(24).toString('base64url')}`;
    tokens.set(token, ALL_SCOPES);
    issued.set(token, { expiresAt: now() + api.accessTokenSeconds * 1000, refreshToken });
    return token;
  };
  const revokeRefreshToken = (refreshToken: string) => {
    refreshTokens.delete(refreshToken);
    for (const [token, i] of issued)
      if (i.refreshToken === refreshToken) {
        issued.delete(token);
        tokens.delete(token);
      }
  };

  /** POST /oauth2/token, form-encoded as Dropbox takes it. */
  const tokenEndpoint = (form: URLSearchParams): [number, unknown] => {
    const oauthError = (error: string, description: string): [number, unknown] => [400, { error, error_description: description }];
    if (form.get('client_id') !== appKey) return oauthError('invalid_client', 'Invalid client_id');
    if (form.has('client_secret') && form.get('client_secret') !== appSecret) return oauthError('invalid_client', 'Invalid client_secret');
    switch (form.get('grant_type') ?? '') {
      case 'authorization_code': {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code) return oauthError('invalid_grant', "code doesn't exist or has expired");
        if (code.redirectUri !== form.get('redirect_uri')) return oauthError('invalid_grant', 'redirect_uri mismatch');
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return oauthError('invalid_grant', 'invalid code verifier');
        const refreshToken = randomBytes(32).toString('base64url');
        refreshTokens.add(refreshToken);
        return [
          200,
          {
            access_token: issueAccessToken(refreshToken),
            token_type: 'bearer',
            expires_in: api.accessTokenSeconds,
            refresh_token: refreshToken,
            scope: ALL_SCOPES.join(' '),
            uid: '12345',
            account_id: account.account_id,
          },
        ];
      }
      case 'refresh_token': {
        const refreshToken = form.get('refresh_token') ?? '';
        if (!refreshTokens.has(refreshToken)) return oauthError('invalid_grant', 'refresh token is invalid or revoked');
        return [200, { access_token: issueAccessToken(refreshToken), token_type: 'bearer', expires_in: api.accessTokenSeconds }];
      }
      default:
        return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
  };

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
      if (route === '/oauth2/authorize' && req.method === 'GET') {
        const q = new URL(req.url ?? '', 'http://peer').searchParams;
        const redirect = q.get('redirect_uri');
        if (q.get('client_id') !== appKey || !redirect) return send(400, 'Invalid client_id or redirect_uri');
        if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return send(400, 'PKCE with S256 and response_type=code required');
        if (q.get('token_access_type') !== 'offline') return send(400, 'this peer issues refresh tokens only with token_access_type=offline');
        const back = new URL(redirect);
        if (deny) {
          deny = false;
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user chose not to give your app access to their Dropbox account.');
        } else {
          const code = randomBytes(18).toString('base64url');
          codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: redirect });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', q.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method !== 'POST') return send(405, 'Method Not Allowed');
      if (route === '/oauth2/token') {
        const [status, payload] = tokenEndpoint(new URLSearchParams(body.toString('utf8')));
        return send(status, payload);
      }
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      const scopes = auth ? tokens.get(auth[1]) : undefined;
      if (!scopes) return fail(401, 'invalid_access_token');
      const expiry = issued.get(auth![1]);
      if (expiry && expiry.expiresAt <= now()) return fail(401, 'expired_access_token');
      if (route === 'auth/token/revoke') {
        if (expiry) revokeRefreshToken(expiry.refreshToken);
        tokens.delete(auth![1]);
        return send(200, null);
      }
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
          return send(200, account);
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
  const rest: Pick<DropboxFake, 'url' | 'authorizeUrl' | 'files' | 'calls' | 'addToken' | 'failNext' | 'close'> = {
    url: `http://127.0.0.1:${port}`,
    authorizeUrl: `http://127.0.0.1:${port}/oauth2/authorize`,
    files,
    calls,
    addToken: (token, scopes = ALL_SCOPES) => tokens.set(token, scopes),
    failNext: (route, times, status = 503) => failures.set(route, { times, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return Object.assign(api, rest);
}
