import { Controller, Get, Inject, Logger, Next, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import {
  AuthMessages,
  ErrorCode,
  GoogleSignInFailure,
  type GoogleSignInFailureReason,
  type GoogleSignInRequest,
  SIGN_IN_PAGE_PATH,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus, RemoteCallError } from '@bleedkits/platform';
import { GatewayError } from '../../../errors/http-error.filter';
import { GATEWAY_ENV, type GatewayEnv } from '../../../config/env';
import { SessionUsers } from '../../../sessions/session-users';
import { Redirects } from '../../../openapi/answers.decorator';

const STRATEGY = 'google';

/**
 * Google sign-in with passport-google-oauth20. Endpoints come from env so tests can point them at a local fake;
 * `state` binds the callback to the browser's session (CSRF). Identity creates or links the account.
 */
@ApiTags('auth')
@Controller('api/auth/google')
export class GoogleAuthController {
  private readonly logger = new Logger('GoogleAuth');
  private readonly authenticator?: passport.Authenticator;

  constructor(
    private readonly bus: NatsBus,
    private readonly sessions: SessionUsers,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    if (!env.googleConfigured) return;
    this.authenticator = new passport.Authenticator();
    this.authenticator.use(
      STRATEGY,
      new GoogleStrategy(
        {
          clientID: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          callbackURL: new URL('/api/auth/google/callback', env.PUBLIC_BASE_URL).toString(),
          authorizationURL: env.GOOGLE_AUTH_URL,
          tokenURL: env.GOOGLE_TOKEN_URL,
          userProfileURL: env.GOOGLE_USERINFO_URL,
          state: true,
        },
        (_access: string, _refresh: string, profile: Profile, done: (err: unknown, user?: GoogleSignInRequest) => void) => {
          const email = profile.emails?.[0];
          const raw = (profile as unknown as { _json?: { email_verified?: boolean | string } })._json;
          done(null, {
            googleId: profile.id,
            email: email?.value ?? '',
            firstName: profile.name?.givenName ?? profile.displayName ?? '',
            lastName: profile.name?.familyName ?? '',
            emailVerified:
              raw?.email_verified === true || raw?.email_verified === 'true' || (email as { verified?: boolean } | undefined)?.verified === true,
          });
        },
      ),
    );
  }

  private requireConfigured(): passport.Authenticator {
    if (!this.authenticator) throw new GatewayError({ code: ErrorCode.NotConfigured, message: AuthMessages.googleNotConfigured });
    return this.authenticator;
  }

  @Get()
  @ApiOperation({ summary: "Start Google sign-in: redirects to Google's consent page (503 when not configured)" })
  @Redirects(302, "to Google's consent page")
  @ApiForbiddenResponse({
    description:
      "Google refused the sign-in passed back to this address (an error or a code Google does not accept): passport answers the status text 'Forbidden' with no Content-Type",
    content: { 'application/octet-stream': { schema: { type: 'string' } } },
  })
  start(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    this.requireConfigured().authenticate(STRATEGY, { scope: ['profile', 'email'], session: false })(req, res, next);
  }

  @Get('callback')
  @ApiOperation({ summary: "Google's redirect back: signs in and redirects to the site (or to the sign-in page with the reason it failed)" })
  @Redirects(302, 'to / when signed in, else to the sign-in page with ?error=<reason>')
  callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    this.requireConfigured().authenticate(STRATEGY, { session: false }, (err: unknown, profile?: GoogleSignInRequest | false) => {
      if (err || !profile) {
        this.logger.warn({ msg: 'Google sign-in failed', err: err instanceof Error ? err.message : err });
        // Google sends the visitor back with error=access_denied when they cancel at its consent screen.
        signInFailed(res, req.query.error === 'access_denied' ? GoogleSignInFailure.cancelled : GoogleSignInFailure.failed);
        return;
      }
      this.bus
        .request(IdentitySubjects.googleSignIn, profile)
        .then(({ user }) => this.sessions.establish(req, user, this.env.SESSION_TTL_HOURS * 3600))
        .then(() => res.redirect('/'))
        .catch((e: unknown) => {
          this.logger.warn({ msg: 'Google account could not be signed in', err: e instanceof Error ? e.message : e });
          signInFailed(res, failureOf(e));
        });
    })(req, res, next);
  }
}

function signInFailed(res: Response, reason: GoogleSignInFailureReason): void {
  res.redirect(`${SIGN_IN_PAGE_PATH}?error=${reason}`);
}

/** Identity's refusal or the bus's failure, in the words the sign-in card shows. */
function failureOf(e: unknown): GoogleSignInFailureReason {
  if (!(e instanceof RemoteCallError)) return GoogleSignInFailure.failed;
  const code = e.body.code;
  if (code === ErrorCode.Conflict) return GoogleSignInFailure.accountExists;
  if (code === ErrorCode.ServiceUnavailable || code === ErrorCode.Timeout) return GoogleSignInFailure.unavailable;
  return GoogleSignInFailure.failed;
}
