import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AmbulanceFeedSubjects,
  type CreateFeedClientResponse,
  type CurrentUser as CurrentUserType,
  type FeedAccessLogResponse,
  type FeedClientListResponse,
  type FeedClientView,
} from '@bleedkits/contracts';
import { CreateFeedClientDto, FeedAccessLogQueryDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../security/guards';
import { actorOf } from '../../security/actor';
import { AccessLogPageModel, CreatedFeedClientModel, FeedClientListModel } from './feed-openapi.models';

/** Admins manage the ambulance-feed clients (one key each) and read who received cabinet codes. */
@ApiTags('ambulance-feed')
@AdminOnly()
@Controller('api/admin/ambulance-feed')
export class FeedClientsController {
  constructor(private readonly bus: NatsBus) {}

  @Post('clients')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a feed client; the answer holds its secret key, shown this once only' })
  @ApiCreatedResponse({ type: CreatedFeedClientModel })
  create(@CurrentUser() me: CurrentUserType, @Body() dto: CreateFeedClientDto): Promise<CreateFeedClientResponse> {
    return this.bus.request(AmbulanceFeedSubjects.createClient, { actor: actorOf(me), scope: dto.scope, label: dto.label });
  }

  @Get('clients')
  @ApiOperation({ summary: 'Feed clients: label, scope, created, last used, revoked' })
  @ApiOkResponse({ type: FeedClientListModel })
  list(@CurrentUser() me: CurrentUserType): Promise<FeedClientListResponse> {
    return this.bus.request(AmbulanceFeedSubjects.listClients, { actor: actorOf(me) });
  }

  @Delete('clients/:id')
  @ApiOperation({ summary: 'Revoke a feed client: its key answers 401 from now on' })
  @ApiNotFoundResponse({ description: 'no such feed client' })
  revoke(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<{ message: string; client: FeedClientView }> {
    return this.bus.request(AmbulanceFeedSubjects.revokeClient, { actor: actorOf(me), clientId: id });
  }

  @Get('access-log')
  @ApiOperation({ summary: 'Every feed answer that carried cabinet codes, newest first' })
  @ApiOkResponse({ type: AccessLogPageModel })
  accessLog(@CurrentUser() me: CurrentUserType, @Query() q: FeedAccessLogQueryDto): Promise<FeedAccessLogResponse> {
    return this.bus.request(AmbulanceFeedSubjects.accessLog, {
      actor: actorOf(me),
      page: Number(q.page ?? 1),
      pageSize: Number(q.pageSize ?? 25),
    });
  }
}
