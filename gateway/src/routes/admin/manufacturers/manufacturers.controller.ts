import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type CurrentUser as CurrentUserType, KitsSubjects, type ManufacturerRow, type MessageResponse } from '@bleedkits/contracts';
import { AddManufacturerDto, RenameManufacturerDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';

/** The spec does not show these calls; routes chosen in docs/decisions.md. Admin-only by path. */
@ApiTags('admin')
@Controller('api/admin/manufacturers')
export class ManufacturersController {
  constructor(private readonly bus: NatsBus) {}

  @Get()
  list(@CurrentUser() me: CurrentUserType): Promise<ManufacturerRow[]> {
    return this.bus.request(KitsSubjects.adminManufacturers, { actor: actorOf(me) });
  }

  @Post()
  add(@CurrentUser() me: CurrentUserType, @Body() dto: AddManufacturerDto): Promise<ManufacturerRow> {
    return this.bus.request(KitsSubjects.addManufacturer, { actor: actorOf(me), name: dto.name });
  }

  @Put()
  rename(@CurrentUser() me: CurrentUserType, @Body() dto: RenameManufacturerDto): Promise<ManufacturerRow> {
    return this.bus.request(KitsSubjects.renameManufacturer, { actor: actorOf(me), value: dto.value, label: dto.label });
  }

  @Delete()
  remove(@CurrentUser() me: CurrentUserType, @Query('value') value: string): Promise<MessageResponse> {
    return this.bus.request(KitsSubjects.removeManufacturer, { actor: actorOf(me), value: value ?? '' });
  }
}
