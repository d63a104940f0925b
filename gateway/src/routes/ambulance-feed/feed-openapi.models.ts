import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  AMBULANCE_SERVICES,
  type Availability,
  type ControlRoomKit,
  DEPLOYMENT_STATUSES,
  type DayHours,
  FEED_SCOPES,
  type FeedAccessLogEntry,
  type FeedClientView,
  type FeedWithdrawal,
  LOCATION_TYPES,
  WITHDRAWAL_REASONS,
} from '@bleedkits/contracts';

/** The OpenAPI document's name of the feed's bearer scheme (create-gateway.ts declares it). */
export const FEED_SECURITY_SCHEME = 'ambulance-feed-key';

/**
 * Schemas for /api/docs: a CAD vendor builds against these alone. Each class mirrors a contracts type
 * (`implements`), so a field added to the wire without its documentation fails to compile.
 */
class DayHoursModel implements DayHours {
  @ApiProperty() isOpen: boolean;
  @ApiProperty({ example: '09:00' }) openTime: string;
  @ApiProperty({ example: '17:00' }) closeTime: string;
}

export class ScheduleModel implements Availability {
  @ApiProperty({ description: 'open all day every day' }) is24x7: boolean;
  @ApiProperty({ description: 'open in school terms only' }) isTermTimeOnly: boolean;
  @ApiProperty({ type: DayHoursModel }) monday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) tuesday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) wednesday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) thursday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) friday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) saturday: DayHoursModel;
  @ApiProperty({ type: DayHoursModel }) sunday: DayHoursModel;
}

export class ControlRoomKitModel implements ControlRoomKit {
  @ApiProperty({ description: 'stable kit id', example: 4182 }) id: number;
  @ApiProperty({ description: 'the reference read aloud', example: 'BCK-4182' }) reference: string;
  @ApiProperty({ description: 'the kit revision this record describes; a later record of the same id supersedes it', example: 90812 })
  revision: number;
  @ApiProperty({ enum: [false] }) withdrawn: false;
  @ApiProperty({ example: 'Village Hall' }) locationName: string;
  @ApiProperty({ example: '1 Church Lane' }) addressLine1: string;
  @ApiProperty({ nullable: true, type: String }) addressLine2: string | null;
  @ApiProperty({ example: 'Altrincham' }) city: string;
  @ApiProperty({ example: 'WA15 8FH' }) postcode: string;
  @ApiProperty({ example: 53.384092 }) latitude: number;
  @ApiProperty({ example: -2.337856 }) longitude: number;
  @ApiProperty({ nullable: true, type: String, example: 'index.home.raft' }) what3words: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'On the wall left of the main door' }) detailedLocation: string | null;
  @ApiProperty({ enum: LOCATION_TYPES }) locationType: ControlRoomKit['locationType'];
  @ApiProperty({ example: 'Locked Cabinet' }) locationTypeLabel: string;
  @ApiProperty({ example: '24/7', description: 'opening hours as text' }) openingHours: string;
  @ApiProperty({ type: ScheduleModel, nullable: true, description: 'the structured weekly schedule; null for legacy kits with text only' })
  schedule: ControlRoomKit['schedule'];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'C1234',
    description: "the code that opens a locked cabinet; present only for an ambulance-service key (never for 'responder_app')",
  })
  cabinetCode?: string | null;
  @ApiProperty({ enum: AMBULANCE_SERVICES }) ambulanceService: ControlRoomKit['ambulanceService'];
  @ApiProperty({ description: 'false for kits hidden from the public map (emergency services still get them)' }) shownOnPublicMap: boolean;
  @ApiProperty({ enum: DEPLOYMENT_STATUSES }) deploymentStatus: ControlRoomKit['deploymentStatus'];
  @ApiProperty({ nullable: true, type: String, example: '2026-05-01', description: 'YYYY-MM-DD' }) lastVerifiedDate: string | null;
  @ApiProperty({ example: '2028-01-10', description: 'YYYY-MM-DD' }) expiryDate: string;
  @ApiProperty({ example: '2026-11-20T10:15:00.000Z' }) updatedAt: string;
}

export class FeedWithdrawalModel implements FeedWithdrawal {
  @ApiProperty({ example: 4182 }) id: number;
  @ApiProperty({ example: 'BCK-4182' }) reference: string;
  @ApiProperty({ example: 90850 }) revision: number;
  @ApiProperty({ enum: [true] }) withdrawn: true;
  @ApiProperty({ enum: WITHDRAWAL_REASONS, description: 'why the kit left this feed: remove it from your list' }) reason: FeedWithdrawal['reason'];
}

export class FeedPageModel {
  @ApiProperty({
    description: 'changes after the cursor in revision order: a kit (insert or replace by id) or a withdrawal (remove by id)',
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(ControlRoomKitModel) }, { $ref: getSchemaPath(FeedWithdrawalModel) }] },
  })
  records: (ControlRoomKit | FeedWithdrawal)[];
  @ApiProperty({ description: 'pass as `after` next time (opaque; store it only after applying the page)', example: '90850' }) nextCursor: string;
  @ApiProperty({ description: 'true: another page is waiting now' }) hasMore: boolean;
}

export class CodeDisclosedModel {
  @ApiProperty({ example: 4182 }) id: number;
  @ApiProperty({ example: 'BCK-4182' }) reference: string;
  @ApiProperty({ enum: ['deployed'] }) deploymentStatus: 'deployed';
  @ApiProperty() message: string;
}

export class FeedClientModel implements FeedClientView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: FEED_SCOPES }) scope: FeedClientView['scope'];
  @ApiProperty({ example: 'bkf_x7Qa2z', description: 'the first characters of the key' }) keyPrefix: string;
  @ApiProperty() createdAt: string;
  @ApiProperty({ nullable: true, type: String }) lastUsedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) revokedAt: string | null;
}

export class CreatedFeedClientModel {
  @ApiProperty({ type: FeedClientModel }) client: FeedClientModel;
  @ApiProperty({ description: 'the secret key, shown this once only', example: 'bkf_x7Qa2zR…' }) key: string;
  @ApiProperty() message: string;
}

export class FeedClientListModel {
  @ApiProperty({ type: [FeedClientModel] }) clients: FeedClientModel[];
}

class AccessLogEntryModel implements FeedAccessLogEntry {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'uuid' }) clientId: string;
  @ApiProperty() clientLabel: string;
  @ApiProperty({ enum: FEED_SCOPES }) scope: FeedAccessLogEntry['scope'];
  @ApiProperty() accessedAt: string;
  @ApiProperty() kitsReturned: number;
  @ApiProperty() codesReturned: number;
  @ApiProperty() clientAddress: string;
}

class PaginationModel {
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty() pageCount: number;
}

export class AccessLogPageModel {
  @ApiProperty({ type: [AccessLogEntryModel] }) data: AccessLogEntryModel[];
  @ApiProperty({ type: PaginationModel }) pagination: PaginationModel;
}
