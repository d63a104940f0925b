import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery, ApiTags, ApiOperation } from '@nestjs/swagger';
import { CustodianMailMessages, type StopCustodianMailResponse } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { StopCustodianMailDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';

/**
 * POST /api/custodian-mail/stop: "not my kit, stop these e-mails". Public: the signed token is the authority, not
 * a session. The page at /stop-emails posts the token as JSON; a mail client's RFC 8058 one-click (the
 * List-Unsubscribe header) posts `List-Unsubscribe=One-Click` to the URL that carries it, without a cookie.
 */
@ApiTags('notifications')
@Controller('api/custodian-mail')
export class CustodianMailStopController {
  constructor(private readonly bus: NatsBus) {}

  @Post('stop')
  @ApiOperation({ summary: "Stop reminder e-mails to a custodian, with the token of an e-mail's link" })
  @HttpCode(200)
  @ClientRateLimited()
  @ApiQuery({ name: 'token', required: false, description: 'the token of the stop link (RFC 8058 one-click)' })
  @ApiOkResponse({ description: CustodianMailMessages.stopped })
  @ApiBadRequestResponse({ description: CustodianMailMessages.invalidToken })
  stop(@Body() body: StopCustodianMailDto | undefined, @Query('token') queryToken: unknown): Promise<StopCustodianMailResponse> {
    const token = body?.token ?? queryToken;
    return this.bus.request(NotificationsSubjects.stopCustodianMail, { token: typeof token === 'string' ? token : '' });
  }
}
