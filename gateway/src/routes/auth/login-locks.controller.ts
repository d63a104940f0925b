import { Controller, Delete, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type MessageResponse } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly } from '../../security/guards';
import { LoginThrottle } from './login-throttle';

/**
 * The admin's unlock of an account's sign-in: forgets its failures and every client's back-off at once (the
 * lock would otherwise lift by itself after LOGIN_FAILURE_WINDOW_SECONDS). docs/decisions.md.
 */
@ApiTags('auth')
@AdminOnly()
@Controller('api/admin/login-locks')
export class LoginLocksController {
  constructor(
    private readonly bus: NatsBus,
    private readonly throttle: LoginThrottle,
  ) {}

  @Delete(':userId')
  @ApiOperation({ summary: "Unlock a user's sign-in after too many failed attempts" })
  async unlock(@Param('userId', new ParseUUIDPipe({ errorHttpStatusCode: 400 })) userId: string): Promise<MessageResponse> {
    const { user } = await this.bus.request(IdentitySubjects.getUser, { userId });
    await this.throttle.unlock(user.email);
    return { message: `Sign-in unlocked for ${user.email}` };
  }
}
