import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ACCESS_LOG_MAX_PAGE_SIZE, FEED_CLIENT_LABEL_MAX, FeedClientMessages } from '../ambulance-feed/feed-clients';
import { FEED_PUSH_LOG_MAX_PAGE_SIZE, FEED_PUSH_URL_MAX, FeedPushMessages } from '../ambulance-feed/feed-push';
import { FEED_SCOPES } from '../ambulance-feed/feed-scope';
import { FEED_DEFAULT_LIMIT, FEED_FORMATS, FEED_MAX_LIMIT, FeedMessages } from '../ambulance-feed/feed-wire';

/** POST /api/admin/ambulance-feed/clients */
export class CreateFeedClientDto {
  @ApiProperty({ enum: FEED_SCOPES, description: "an ambulance service value, or 'responder_app' (public kits, no codes)" })
  @IsIn(FEED_SCOPES as unknown as string[], { message: FeedClientMessages.scope })
  scope: string;

  @ApiProperty({ maxLength: FEED_CLIENT_LABEL_MAX, example: 'NWAS control room CAD' })
  @IsString({ message: FeedClientMessages.labelRequired })
  @Matches(/\S/, { message: FeedClientMessages.labelRequired })
  @MaxLength(FEED_CLIENT_LABEL_MAX, { message: FeedClientMessages.labelLength })
  label: string;
}

/** GET /api/ambulance-feed/v1/kits */
export class FeedQueryDto {
  @ApiPropertyOptional({ description: 'the nextCursor of the previous page; absent or 0 starts from the beginning', example: '0', maxLength: 18 })
  @IsOptional()
  @IsString({ message: FeedMessages.cursor })
  @Matches(/^\d{1,18}$/, { message: FeedMessages.cursor })
  after?: string;

  @ApiPropertyOptional({ description: `records per page (default ${FEED_DEFAULT_LIMIT})`, minimum: 1, maximum: FEED_MAX_LIMIT, example: '500' })
  @IsOptional()
  @IsString({ message: FeedMessages.limit })
  @Matches(/^\d{1,5}$/, { message: FeedMessages.limit })
  limit?: string;

  @ApiPropertyOptional({ enum: FEED_FORMATS, description: 'json (default), csv (formula-neutralised, same columns) or geojson' })
  @IsOptional()
  @IsIn(FEED_FORMATS as unknown as string[], { message: FeedMessages.format })
  format?: string;
}

/** POST /api/ambulance-feed/v1/kits/{id}/code-disclosed */
export class CodeDisclosedDto {
  // Named: reflection sees `string | null` as Object, which described the note as an object.
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'what the control room wants the custodian to know, e.g. the incident time',
    example: 'Code given to a caller at 14:05',
  })
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(500, { message: 'note can be at most 500 characters' })
  note?: string | null;
}

/** GET /api/admin/ambulance-feed/access-log */
export class FeedAccessLogQueryDto {
  @ApiPropertyOptional({ minimum: 1, example: '1' })
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'page must be a whole number from 1' })
  page?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: ACCESS_LOG_MAX_PAGE_SIZE, example: '25' })
  @IsOptional()
  @Matches(/^\d{1,3}$/, { message: `pageSize must be a whole number from 1 to ${ACCESS_LOG_MAX_PAGE_SIZE}` })
  pageSize?: string;
}

/** PUT /api/admin/ambulance-feed/clients/:id/push (the URL rule itself is the handler's: it depends on NODE_ENV). */
export class SetFeedPushDto {
  @ApiProperty({ maxLength: FEED_PUSH_URL_MAX, example: 'https://cad.nwas.example/bleedkits/feed' })
  @IsString({ message: FeedPushMessages.url })
  @MaxLength(FEED_PUSH_URL_MAX, { message: FeedPushMessages.urlLength })
  url: string;
}

/** POST /api/admin/ambulance-feed/clients/:id/push/replay */
export class ReplayFeedPushDto {
  @ApiProperty({ description: 'resend everything after this cursor (no later than the delivered cursor)', example: '0', maxLength: 18 })
  @Matches(/^\d{1,18}$/, { message: FeedPushMessages.cursor })
  fromCursor: string;
}

/** GET /api/admin/ambulance-feed/clients/:id/push/deliveries */
export class FeedPushLogQueryDto {
  @ApiPropertyOptional({ minimum: 1, example: '1' })
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'page must be a whole number from 1' })
  page?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: FEED_PUSH_LOG_MAX_PAGE_SIZE, example: '25' })
  @IsOptional()
  @Matches(/^\d{1,3}$/, { message: `pageSize must be a whole number from 1 to ${FEED_PUSH_LOG_MAX_PAGE_SIZE}` })
  pageSize?: string;
}
