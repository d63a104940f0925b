import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type CurrentUser as CurrentUserType, type Kit, KitsSubjects, type MessageResponse, type OwnerKitsResponse } from '@bleedkits/contracts';
import { DeploymentStatusDto, KitEditDto, KitRegistrationDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser, OwnerUsableAdminPath, SignedIn } from '../../security/guards';
import { actorOf } from './actor';

/** The custodian's kit calls; the kits context scopes each to the caller (owner, or any kit for an admin). */
@ApiTags('kits')
@Controller()
export class KitsController {
  constructor(private readonly bus: NatsBus) {}

  @Post('api/bleed-kits')
  @SignedIn()
  @HttpCode(201)
  register(@CurrentUser() me: CurrentUserType, @Body() dto: KitRegistrationDto): Promise<Kit> {
    return this.bus.request<Kit>(KitsSubjects.register, { actor: actorOf(me), kit: { ...dto } });
  }

  @Get('api/bleed-kits/user')
  @SignedIn()
  ownKits(@CurrentUser() me: CurrentUserType): Promise<OwnerKitsResponse> {
    return this.bus.request<OwnerKitsResponse>(KitsSubjects.ownerList, { actor: actorOf(me) });
  }

  @Get('api/bleed-kits/:id')
  @SignedIn()
  kit(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<Kit> {
    return this.bus.request<Kit>(KitsSubjects.getKit, { actor: actorOf(me), kitId: id });
  }

  @Post('api/bleed-kits/:id/deployment-status')
  @SignedIn()
  @HttpCode(200)
  deploymentStatus(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: DeploymentStatusDto): Promise<Kit> {
    return this.bus.request<Kit>(KitsSubjects.setDeploymentStatus, { actor: actorOf(me), kitId: id, status: dto.status, notes: dto.notes ?? null });
  }

  @Delete('api/bleed-kits/:id')
  @SignedIn()
  remove(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<MessageResponse> {
    return this.bus.request<MessageResponse>(KitsSubjects.delete, { actor: actorOf(me), kitId: id });
  }

  /** Under the admin path but used by owners on their own kits (ARCHITECTURE security model). */
  @Put('api/admin/kit-edit')
  @OwnerUsableAdminPath()
  edit(@CurrentUser() me: CurrentUserType, @Body() dto: KitEditDto): Promise<Kit> {
    return this.bus.request<Kit>(KitsSubjects.edit, { actor: actorOf(me), kitId: dto.kitId, data: dto.data });
  }
}
