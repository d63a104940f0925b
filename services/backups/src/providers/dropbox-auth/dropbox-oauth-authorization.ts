import { type DropboxAccount, DropboxAuthorization, DropboxGrantError, type DropboxTokens } from './dropbox-authorization';

export type DropboxOAuthOptions = {
  /** The Dropbox app's key; without one there is no "Connect Dropbox" (a pasted token still works). */
  appKey: string | undefined;
  /** Optional with PKCE; sent when set (a confidential app). */
  appSecret?: string;
  /** https://www.dropbox.com/oauth2/authorize, or a local peer in tests. */
  authorizeUrl: string;
  /** https://api.dropboxapi.com: /oauth2/token, /2/auth/token/revoke, /2/users/get_current_account. */
  apiUrl: string;
  timeoutMs: number;
};

type TokenAnswer = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  account_id?: string;
  error?: string;
  error_description?: string;
};

/** Dropbox's OAuth 2 endpoints over HTTP (the OAuth guide's authorization-code flow with PKCE). */
export class DropboxOAuthAuthorization extends DropboxAuthorization {
  readonly available: boolean;

  constructor(private readonly options: DropboxOAuthOptions) {
    super();
    this.available = Boolean(options.appKey);
  }

  private appKey(): string {
    if (!this.options.appKey) throw new DropboxGrantError('not_configured', 'DROPBOX_APP_KEY is not set');
    return this.options.appKey;
  }

  private api(path: string): string {
    return `${this.options.apiUrl.replace(/\/$/, '')}${path}`;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new DropboxGrantError('unreachable', `Dropbox could not be reached: ${(error as Error).message}`);
    }
  }

  authorizeUrl(r: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(this.options.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: this.appKey(),
      response_type: 'code',
      token_access_type: 'offline',
      code_challenge: r.codeChallenge,
      code_challenge_method: 'S256',
      redirect_uri: r.redirectUri,
      state: r.state,
    }).toString();
    return url.toString();
  }

  private async token(grant: Record<string, string>): Promise<DropboxTokens> {
    const form = new URLSearchParams({ ...grant, client_id: this.appKey() });
    if (this.options.appSecret) form.set('client_secret', this.options.appSecret);
    const res = await this.call(this.api('/oauth2/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const text = await res.text();
    let body: TokenAnswer = {};
    try {
      body = JSON.parse(text) as TokenAnswer;
    } catch {
      // Dropbox answers some errors in plain text; the status says enough.
    }
    if (res.ok && body.access_token) {
      return {
        accessToken: body.access_token,
        expiresInSeconds: Number(body.expires_in ?? 14_400),
        refreshToken: body.refresh_token ?? null,
        accountId: body.account_id ?? null,
      };
    }
    const detail = `Dropbox answered ${res.status}: ${body.error ?? text.slice(0, 200)}${body.error_description ? ` (${body.error_description})` : ''}`;
    if (body.error === 'invalid_grant') throw new DropboxGrantError('invalid_grant', detail);
    throw new DropboxGrantError(res.status >= 500 ? 'unreachable' : 'refused', detail);
  }

  exchangeCode(r: { code: string; codeVerifier: string; redirectUri: string }): Promise<DropboxTokens> {
    return this.token({ grant_type: 'authorization_code', code: r.code, code_verifier: r.codeVerifier, redirect_uri: r.redirectUri });
  }

  refresh(refreshToken: string): Promise<DropboxTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(accessToken: string): Promise<void> {
    const res = await this.call(this.api('/2/auth/token/revoke'), { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    // 401: the token is already invalid, which is what revoking wants.
    if (!res.ok && res.status !== 401) throw new DropboxGrantError('refused', `Dropbox answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  async account(accessToken: string): Promise<DropboxAccount> {
    const res = await this.call(this.api('/2/users/get_current_account'), {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!res.ok) throw new DropboxGrantError('refused', `Dropbox answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as { account_id: string; name?: { display_name?: string }; email?: string };
    return { id: body.account_id, name: body.name?.display_name ?? '', email: body.email ?? '' };
  }
}
