import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ErrorCode, RETURN_TO_PARAM, RETURN_TO_REFUSED_MESSAGE, safeReturnTo, signInPageHref } from '@bleedkits/contracts';
import { GatewayError } from '../../errors/http-error.filter';
import { Redirects } from '../../openapi/answers.decorator';

/**
 * GET /api/login, the spec's login redirect for admin pages: a link or bookmark to it lands on the sign-in page,
 * which returns to `returnTo` after the sign-in. Only a path of this site is carried; anything else is refused
 * rather than dropped, so a crafted link fails visibly instead of sending anyone elsewhere.
 */
@ApiTags('auth')
@Controller('api')
export class LoginRedirectController {
  @Get('login')
  @ApiOperation({ summary: 'Redirects (302) to the sign-in page, which returns to returnTo after a sign-in' })
  @ApiQuery({ name: RETURN_TO_PARAM, required: false, description: 'a path on this site, e.g. /admin/backups' })
  @Redirects(302, 'to /auth, with returnTo when one was given')
  @ApiBadRequestResponse({ description: 'returnTo is not a path on this site (absolute, protocol-relative, ...)' })
  login(@Query(RETURN_TO_PARAM) returnTo: unknown, @Res() res: Response): void {
    if (returnTo !== undefined && safeReturnTo(returnTo) === null) {
      throw new GatewayError({ code: ErrorCode.ValidationFailed, message: RETURN_TO_REFUSED_MESSAGE, errors: [RETURN_TO_REFUSED_MESSAGE] });
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, signInPageHref(returnTo as string | undefined));
  }
}
