import { BadRequestException, Body, Controller, Delete, Get, Inject, Post, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type AdminUserRow,
  type CurrentUser as CurrentUserType,
  type MessageResponse,
  type ToggleRoleResponse,
  type UserResponse,
  isUuid,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { AdminUpdateUserDto, AdminUserActionDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../../config/env';
import { AdminOnly, CurrentUser } from '../../../security/guards';
import { SessionRegistry } from '../../../sessions/session-registry';
import { listParts, streamJsonArray } from '../../../paging/list-parts';
import { actorOf } from '../../../security/actor';
import { Answers } from '../../../openapi/answers.decorator';

/**
 * Admin user management. The spec shows GET, POST {action: 'toggle_role'} and PUT; reset password is
 * POST {action: 'reset_password'} and delete is DELETE ?userId= (docs/decisions.md).
 */
@ApiTags('users')
@AdminOnly()
@Controller('api/admin/user-management')
export class UserManagementController {
  constructor(
    private readonly bus: NatsBus,
    private readonly registry: SessionRegistry,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** {users: AdminUserRow[]}, oldest first: read from identity in parts and streamed, however many users there are. */
  @Get()
  @ApiOperation({ summary: 'Every user with role, kit count and whether the e-mail is verified, oldest first (streamed)' })
  @Answers<{ users: AdminUserRow[] }>()
  async list(@Res() res: Response): Promise<void> {
    await streamJsonArray(res, listParts(this.bus, IdentitySubjects.listUsers, {}), { before: '{"users":', after: '}' });
  }

  @Post()
  @ApiOperation({ summary: 'Act on a user: toggle the admin role, or send a password reset' })
  @ApiNotFoundResponse({ description: 'no such user' })
  async act(@CurrentUser() me: CurrentUserType, @Body() dto: AdminUserActionDto): Promise<ToggleRoleResponse | MessageResponse> {
    switch (dto.action) {
      case 'toggle_role':
        return this.bus.request(IdentitySubjects.toggleRole, { actor: actorOf(me), userId: dto.userId, email: dto.email });
      case 'reset_password':
        return this.bus.request(IdentitySubjects.sendPasswordReset, {
          actor: actorOf(me),
          userId: dto.userId,
          resetUrlBase: this.env.PUBLIC_BASE_URL,
        });
    }
  }

  @Put()
  @ApiOperation({ summary: "Edit a user's name and e-mail" })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiConflictResponse({ description: 'another account has this e-mail' })
  async update(@CurrentUser() me: CurrentUserType, @Body() dto: AdminUpdateUserDto): Promise<MessageResponse & UserResponse> {
    const { user } = await this.bus.request(IdentitySubjects.adminUpdateUser, { ...dto, actor: actorOf(me) });
    return { message: 'User updated', user };
  }

  @Delete()
  @ApiOperation({ summary: 'Delete a user' })
  @ApiNotFoundResponse({ description: 'no such user' })
  async remove(@CurrentUser() me: CurrentUserType, @Query('userId') userId: string): Promise<MessageResponse> {
    if (!userId || !isUuid(userId)) throw new BadRequestException({ message: 'userId must be a user id', errors: ['userId must be a user id'] });
    const res = await this.bus.request(IdentitySubjects.deleteUser, { actor: actorOf(me), userId });
    await this.registry.endAll(userId);
    return res;
  }
}
