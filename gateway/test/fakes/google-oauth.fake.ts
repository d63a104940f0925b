import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeGoogleUser = { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string };

/**
 * A local stand-in for Google's OAuth 2.0 endpoints, speaking the same protocol: the authorisation endpoint
 * redirects back with a code and the state it was given, the token endpoint swaps the code (checking the client
 * secret and redirect URI) for an access token, and userinfo answers the OpenID profile for that token.
 */
export async function startFakeGoogle(clientId: string, clientSecret: string) {
  let nextUser: FakeGoogleUser | null = null;
  const codes = new Map<string, { user: FakeGoogleUser; redirectUri: string }>();
  const tokens = new Map<string, FakeGoogleUser>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      if (url.searchParams.get('client_id') !== clientId || !nextUser) {
        res.writeHead(400).end('bad client');
        return;
      }
      const code = `code-${++counter}`;
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { user: nextUser, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        const ok =
          grant && form.get('client_id') === clientId && form.get('client_secret') === clientSecret && form.get('redirect_uri') === grant.redirectUri;
        if (!ok) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        codes.delete(form.get('code')!);
        const token = `token-${++counter}`;
        tokens.set(token, grant.user);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile' }));
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      // Google accepts the token as a Bearer header or as the access_token query parameter (node-oauth uses the latter).
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '') || url.searchParams.get('access_token') || '';
      const user = tokens.get(token);
      if (!user) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...user, name: `${user.given_name} ${user.family_name}` }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    signInAs(user: FakeGoogleUser) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
