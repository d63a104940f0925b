import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiSecurity, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  type CurrentUser as CurrentUserType,
  ErrorCode,
  type MessageResponse,
  type UpdateProfileResponse,
  type UserResponse,
  normaliseEmail,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ChangePasswordDto, ConfirmEmailChangeDto, LoginDto, RegisterDto, ResetPasswordDto, UpdateProfileDto } from '@bleedkits/contracts/dto';
import { NatsBus, RemoteCallError } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';
import { CurrentUser, NOT_SIGNED_IN, SignedIn } from '../../security/guards';
import { SessionRegistry } from '../../sessions/session-registry';
import { SessionUsers } from '../../sessions/session-users';
import { LoginThrottle } from './login-throttle';
import { signInFailures } from './sign-in-metrics';
import { SESSION_SECURITY_SCHEME } from '../../openapi/security-schemes';

/** The session cookie's name (create-gateway.ts). */
export const SESSION_COOKIE = 'bk.sid';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly bus: NatsBus,
    private readonly sessions: SessionUsers,
    private readonly registry: SessionRegistry,
    private readonly throttle: LoginThrottle,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  private get ttlSeconds() {
    return this.env.SESSION_TTL_HOURS * 3600;
  }

  @Get('user')
  @ApiOperation({ summary: 'The signed-in user (401 when not signed in)' })
  @ApiSecurity(SESSION_SECURITY_SCHEME)
  async currentUser(@Req() req: Request): Promise<UserResponse> {
    const user = await this.sessions.load(req);
    if (!user) throw new GatewayError({ code: ErrorCode.Unauthenticated, message: NOT_SIGNED_IN });
    return { user };
  }

  /** The attempt is reserved before the password is checked (login-throttle.ts); a success gives it back. */
  @Post('login')
  @ApiOperation({ summary: 'Sign in with e-mail and password; sets the session cookie' })
  @ApiUnauthorizedResponse({ description: 'wrong e-mail or password' })
  @HttpCode(200)
  @ClientRateLimited()
  async login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: LoginDto): Promise<UserResponse> {
    const attempt = await this.throttle.reserve(req, dto.email);
    let user: UserResponse['user'];
    try {
      ({ user } = await this.bus.request(IdentitySubjects.login, { email: dto.email, password: dto.password }));
    } catch (e) {
      // Given back only when identity was certainly not asked (NATS down); a timeout may have checked the password.
      if (e instanceof RemoteCallError && e.body.code === ErrorCode.ServiceUnavailable) await this.throttle.release(attempt);
      else if (e instanceof RemoteCallError) signInFailures.inc({ code: e.body.code });
      throw e;
    }
    await this.throttle.succeeded(attempt, res);
    await this.sessions.establish(req, user, this.ttlSeconds);
    return { user };
  }

  @Post('register')
  @ApiOperation({ summary: 'Create an account and sign in' })
  @ApiConflictResponse({ description: 'an account with this e-mail exists' })
  @HttpCode(201)
  @ClientRateLimited()
  async register(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: RegisterDto): Promise<UserResponse> {
    const { user } = await this.bus.request(IdentitySubjects.register, { ...dto });
    await this.throttle.trustNewAccount(user.email, req, res);
    await this.sessions.establish(req, user, this.ttlSeconds);
    return { user };
  }

  /** The spec's logout: POST on the current-user resource. Idempotent; the browser is told to drop the cookie. */
  @Post('user')
  @ApiOperation({ summary: 'Sign out: the session is destroyed' })
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageResponse> {
    await this.sessions.end(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.env.NODE_ENV === 'production' });
    return { message: 'Signed out' };
  }

  /**
   * Names change at once. A new e-mail needs the current password (checked under the account's sign-in limit)
   * and changes only when the link sent to it is opened (POST confirm-email); the old address is told.
   */
  @Put('profile')
  @ApiOperation({ summary: "Change the signed-in user's name or e-mail (a new e-mail is confirmed by a link)" })
  @ApiConflictResponse({ description: 'another account has this e-mail' })
  @SignedIn()
  @ClientRateLimited()
  async updateProfile(@Req() req: Request, @CurrentUser() me: CurrentUserType, @Body() dto: UpdateProfileDto): Promise<UpdateProfileResponse> {
    const request = () => this.bus.request(IdentitySubjects.updateProfile, { userId: me.id, ...dto, confirmUrlBase: this.env.PUBLIC_BASE_URL });
    if (normaliseEmail(dto.email) === me.email) return request();
    return this.throttle.guardPasswordCheck(req, me.email, request);
  }

  /** A password change ends the user's other sessions; this one stays signed in. A wrong current password counts as a failed sign-in. */
  @Put('password')
  @ApiOperation({ summary: "Change the signed-in user's password (the current one is checked)" })
  @SignedIn()
  @ClientRateLimited()
  async changePassword(@Req() req: Request, @CurrentUser() me: CurrentUserType, @Body() dto: ChangePasswordDto): Promise<MessageResponse> {
    const res = await this.throttle.guardPasswordCheck(req, me.email, () =>
      this.bus.request(IdentitySubjects.changePassword, { userId: me.id, ...dto }),
    );
    await this.registry.endAll(me.id, req.session.id);
    return res;
  }

  /** Completes an e-mailed change of sign-in address; the user's other sessions end (this browser's stays). */
  @Post('confirm-email')
  @ApiOperation({ summary: "Complete an e-mail change with the link's token; the user's other sessions end" })
  @HttpCode(200)
  @ClientRateLimited()
  async confirmEmail(@Req() req: Request, @Body() dto: ConfirmEmailChangeDto): Promise<MessageResponse> {
    const res = await this.bus.request(IdentitySubjects.confirmEmailChange, { ...dto });
    await this.registry.endAll(res.userId, req.session?.id);
    return { message: res.message };
  }

  /** Completes an e-mailed reset link; every session of that user ends. */
  @Post('reset-password')
  @ApiOperation({ summary: 'Set a new password with the token of a reset e-mail' })
  @HttpCode(200)
  @ClientRateLimited()
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    const res = await this.bus.request(IdentitySubjects.resetPassword, { ...dto });
    await this.registry.endAll(res.userId);
    return { message: res.message };
  }
}
