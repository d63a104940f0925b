import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type CurrentUser as CurrentUserType, type Kit, type MessageResponse, type OwnerKitsResponse } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { DeploymentStatusDto, KitEditDto, KitRegistrationDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser, OwnerUsableAdminPath, SignedIn } from '../../security/guards';
import { actorOf } from '../../security/actor';
import { KIT_LIST_PART_LIMIT, listParts, streamJsonArray } from '../../paging/list-parts';
import { Answers } from '../../openapi/answers.decorator';

/** The custodian's kit calls; the kits context scopes each to the caller (owner, or any kit for an admin). */
@ApiTags('kits')
@Controller()
export class KitsController {
  constructor(private readonly bus: NatsBus) {}

  @Post('api/bleed-kits')
  @ApiOperation({ summary: 'Register a kit; it waits for admin approval' })
  @SignedIn()
  @HttpCode(201)
  register(@CurrentUser() me: CurrentUserType, @Body() dto: KitRegistrationDto): Promise<Kit> {
    return this.bus.request(KitsSubjects.register, { actor: actorOf(me), kit: { ...dto } });
  }

  /** {kits, userRole}: the caller's kits read from kits in parts and streamed (an organisation may own thousands). */
  @Get('api/bleed-kits/user')
  @SignedIn()
  @ApiOperation({ summary: "The caller's own kits and role (streamed)" })
  @Answers<OwnerKitsResponse>()
  async ownKits(@CurrentUser() me: CurrentUserType, @Res() res: Response): Promise<void> {
    const userRole: OwnerKitsResponse['userRole'] = me.role;
    await streamJsonArray(res, listParts(this.bus, KitsSubjects.ownerList, { actor: actorOf(me) }, KIT_LIST_PART_LIMIT), {
      before: '{"kits":',
      after: `,"userRole":${JSON.stringify(userRole)}}`,
    });
  }

  @Get('api/bleed-kits/:id')
  @ApiOperation({ summary: 'One kit with its check history (its owner or an admin)' })
  @SignedIn()
  kit(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<Kit> {
    return this.bus.request(KitsSubjects.getKit, { actor: actorOf(me), kitId: id });
  }

  @Post('api/bleed-kits/:id/deployment-status')
  @ApiOperation({ summary: "Set a kit's deployment status (available, unchecked, deployed) with notes" })
  @SignedIn()
  @HttpCode(200)
  deploymentStatus(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: DeploymentStatusDto): Promise<Kit> {
    return this.bus.request(KitsSubjects.setDeploymentStatus, { actor: actorOf(me), kitId: id, status: dto.status, notes: dto.notes ?? null });
  }

  @Delete('api/bleed-kits/:id')
  @ApiOperation({ summary: 'Delete a kit (its owner or an admin)' })
  @SignedIn()
  remove(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<MessageResponse> {
    return this.bus.request(KitsSubjects.delete, { actor: actorOf(me), kitId: id });
  }

  /** Under the admin path but used by owners on their own kits (ARCHITECTURE security model). */
  @Put('api/admin/kit-edit')
  @ApiOperation({ summary: 'Edit a kit: the owner their own, an admin any kit and the admin-only fields' })
  @ApiNotFoundResponse({ description: 'no such kit (or not yours)' })
  @ApiConflictResponse({ description: 'the kit changed since the revision given' })
  @OwnerUsableAdminPath()
  edit(@CurrentUser() me: CurrentUserType, @Body() dto: KitEditDto): Promise<Kit> {
    return this.bus.request(KitsSubjects.edit, { actor: actorOf(me), kitId: dto.kitId, revision: dto.revision, data: dto.data });
  }
}
