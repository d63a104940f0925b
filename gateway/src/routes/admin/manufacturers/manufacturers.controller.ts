import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CurrentUser as CurrentUserType, type ManufacturerRow, type MessageResponse } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { AddManufacturerDto, RenameManufacturerDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';

/** The spec does not show these calls; routes chosen in docs/decisions.md. Admin-only by path. */
@ApiTags('kits')
@Controller('api/admin/manufacturers')
export class ManufacturersController {
  constructor(private readonly bus: NatsBus) {}

  @Get()
  @ApiOperation({ summary: 'Manufacturers with the number of kits of each' })
  list(@CurrentUser() me: CurrentUserType): Promise<ManufacturerRow[]> {
    return this.bus.request(KitsSubjects.adminManufacturers, { actor: actorOf(me) });
  }

  @Post()
  @ApiOperation({ summary: 'Add a manufacturer' })
  @ApiConflictResponse({ description: 'this manufacturer already exists' })
  add(@CurrentUser() me: CurrentUserType, @Body() dto: AddManufacturerDto): Promise<ManufacturerRow> {
    return this.bus.request(KitsSubjects.addManufacturer, { actor: actorOf(me), name: dto.name });
  }

  @Put()
  @ApiOperation({ summary: 'Rename a manufacturer' })
  @ApiNotFoundResponse({ description: 'no such manufacturer' })
  rename(@CurrentUser() me: CurrentUserType, @Body() dto: RenameManufacturerDto): Promise<ManufacturerRow> {
    return this.bus.request(KitsSubjects.renameManufacturer, { actor: actorOf(me), value: dto.value, label: dto.label });
  }

  @Delete()
  @ApiOperation({ summary: "Remove a manufacturer ('Other' cannot be removed)" })
  @ApiNotFoundResponse({ description: 'no such manufacturer' })
  remove(@CurrentUser() me: CurrentUserType, @Query('value') value: string): Promise<MessageResponse> {
    return this.bus.request(KitsSubjects.removeManufacturer, { actor: actorOf(me), value: value ?? '' });
  }
}
