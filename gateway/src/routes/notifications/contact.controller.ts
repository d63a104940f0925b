import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags, ApiTooManyRequestsResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { type ContactMessageResponse, ErrorCode, type SubmitContactMessageCommand } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { ContactDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { GatewayError } from '../../errors/http-error.filter';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';
import { RateLimiter } from '../../security/rate-limiter';

export const CONTACT_RATE_LIMITED = 'Too many messages. Please try again later.';

/** POST /api/contact: the visitor's message is e-mailed to the register's inbox through the notifications outbox. */
@ApiTags('notifications')
@Controller('api/contact')
export class ContactController {
  constructor(
    private readonly bus: NatsBus,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** 202 once both e-mails are in the outbox (they leave with its worker). Each message costs e-mail: its own, tighter limit per client. */
  @Post()
  @ApiOperation({ summary: 'Send a message to the charity (queued for delivery)' })
  @HttpCode(202)
  @ClientRateLimited()
  @ApiAcceptedResponse({ description: 'queued for delivery' })
  @ApiTooManyRequestsResponse({ description: CONTACT_RATE_LIMITED })
  async send(@Req() req: Request, @Body() dto: ContactDto): Promise<ContactMessageResponse> {
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const d = await this.limiter.hit(`rl:contact:${client}`, this.env.CONTACT_MAX_MESSAGES_PER_CLIENT, this.env.CONTACT_RATE_WINDOW_SECONDS);
    if (!d.allowed) throw new GatewayError({ code: ErrorCode.RateLimited, message: CONTACT_RATE_LIMITED, retryAfterSeconds: d.retryAfterSeconds });
    const command: SubmitContactMessageCommand = {
      requestId: randomUUID(),
      name: dto.name,
      email: dto.email.trim(),
      subject: dto.subject,
      message: dto.message,
    };
    return this.bus.request(NotificationsSubjects.contact, command);
  }
}
