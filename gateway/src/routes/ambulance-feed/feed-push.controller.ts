import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AmbulanceFeedSubjects,
  type CurrentUser as CurrentUserType,
  FEED_PUSH_LOG_PAGE_SIZE,
  type FeedPushLogResponse,
  type FeedPushStatusResponse,
  type MessageResponse,
  type RotateFeedPushSecretResponse,
  type SetFeedPushResponse,
} from '@bleedkits/contracts';
import { FeedPushLogQueryDto, ReplayFeedPushDto, SetFeedPushDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../security/guards';
import { actorOf } from '../../security/actor';

/**
 * Admins give a feed client a webhook and watch its push delivery (issue 30): the kits context holds the
 * subscription, sends the batches and answers every call; these routes only translate.
 */
@ApiTags('ambulance-feed')
@AdminOnly()
@Controller('api/admin/ambulance-feed/clients/:id/push')
export class FeedPushController {
  constructor(private readonly bus: NatsBus) {}

  @Put()
  @ApiOperation({
    summary: "Set a feed client's webhook URL; the answer holds the signing secret when the subscription is created (shown this once only)",
  })
  @ApiNotFoundResponse({ description: 'no such feed client' })
  @ApiConflictResponse({ description: 'the feed client is revoked' })
  set(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: SetFeedPushDto): Promise<SetFeedPushResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushSet, { actor: actorOf(me), clientId: id, url: dto.url });
  }

  @Get()
  @ApiOperation({ summary: "A feed client's push subscription: state, delivered cursor, lag in records and seconds, last error" })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  status(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<FeedPushStatusResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushStatus, { actor: actorOf(me), clientId: id });
  }

  @Get('deliveries')
  @ApiOperation({ summary: "A feed client's push delivery log: every attempt of every batch, newest first" })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  deliveries(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Query() q: FeedPushLogQueryDto): Promise<FeedPushLogResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushLog, {
      actor: actorOf(me),
      clientId: id,
      page: Number(q.page ?? 1),
      pageSize: Number(q.pageSize ?? FEED_PUSH_LOG_PAGE_SIZE),
    });
  }

  @Post('rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate the signing secret; the old one still signs beside the new one for 24 hours (shown this once only)' })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  rotateSecret(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<RotateFeedPushSecretResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushRotateSecret, { actor: actorOf(me), clientId: id });
  }

  @Post('resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused push subscription: its held batch is tried again at once' })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  resume(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushResume, { actor: actorOf(me), clientId: id });
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a test event (no records, signed like any batch) in turn with the batches; its outcome is in the delivery log' })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  sendTest(@CurrentUser() me: CurrentUserType, @Param('id') id: string): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushTest, { actor: actorOf(me), clientId: id });
  }

  @Post('replay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replay from a cursor: every record after it is sent again, in order' })
  @ApiNotFoundResponse({ description: 'no such feed client, or it has no push subscription' })
  replay(
    @CurrentUser() me: CurrentUserType,
    @Param('id') id: string,
    @Body() dto: ReplayFeedPushDto,
  ): Promise<FeedPushStatusResponse & MessageResponse> {
    return this.bus.request(AmbulanceFeedSubjects.pushReplay, { actor: actorOf(me), clientId: id, fromCursor: dto.fromCursor });
  }
}
