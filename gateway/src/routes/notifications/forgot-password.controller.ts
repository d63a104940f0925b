import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { FORGOT_PASSWORD_ANSWER, type MessageResponse, type RequestPasswordResetCommand, normaliseEmail } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ForgotPasswordDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';
import { RateLimiter } from '../../security/rate-limiter';

/** Reset e-mails per address per hour: enough for a lost e-mail, too few to flood someone's inbox. */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;

/** POST /api/auth/forgot-password (not in the spec's table; docs/decisions.md). */
@ApiTags('auth')
@Controller('api/auth')
export class ForgotPasswordController {
  constructor(
    private readonly bus: NatsBus,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * 202 with the same message whether or not the address has an account. Past the per-address limit the answer is
   * the same too, but no e-mail is sent.
   */
  @Post('forgot-password')
  @ApiOperation({ summary: 'Ask for a password reset e-mail (the same answer whether or not the account exists)' })
  @HttpCode(202)
  @ClientRateLimited()
  @ApiAcceptedResponse({ description: FORGOT_PASSWORD_ANSWER })
  async forgot(@Body() dto: ForgotPasswordDto): Promise<MessageResponse> {
    const email = normaliseEmail(dto.email);
    const d = await this.limiter.hit(`rl:forgot:${email}`, RESET_MAILS_PER_ADDRESS_PER_HOUR, 3600);
    if (!d.allowed) return { message: FORGOT_PASSWORD_ANSWER };
    const command: RequestPasswordResetCommand = { email, resetUrlBase: this.env.PUBLIC_BASE_URL };
    return this.bus.request(IdentitySubjects.requestPasswordReset, command);
  }
}
