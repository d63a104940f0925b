import { isUuid } from '../validation/ids';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, Min, ValidateIf, ValidateNested } from 'class-validator';
import { DEPLOYMENT_STATUSES } from '../enums/deployment-status';
import { KIT_STATUSES, type KitStatus } from '../enums/kit-status';
import { KitMessages, hasLocation, isCoordinateValue, kitOptionalTextRules, kitRegistrationRules } from '../kits/registration.rules';
import type { KitEditRequest, KitRegistration } from '../kits/kit';
import { TEXT_LIMITS } from '../validation/limits';
import { boundedText } from '../validation/rules';
import { KitIdValue } from './field-shapes';
import { Satisfies } from './satisfies';

const locationRule = [{ message: KitMessages.location, test: (_: unknown, all: Readonly<Record<string, unknown>>) => hasLocation(all) }];
const coordinateShape = [{ message: KitMessages.coordinatesNotNumbers, test: isCoordinateValue }];
/** The type and length rules of a table's field, without its "required" rules: an edit sends only what changed. */
const shapeOf = (rules: readonly { message: string; test: (v: unknown, all: Readonly<Record<string, unknown>>) => boolean }[]) =>
  rules.filter((r) => r.test(undefined, {}) && r.test(null, {}));
const text = (max: number) => ({ type: String, maxLength: max });

/** POST /api/bleed-kits. The kits context checks the same table again plus the live manufacturer list. */
export class KitRegistrationDto implements KitRegistration {
  @ApiProperty(text(TEXT_LIMITS.serialNumber)) @Satisfies(kitRegistrationRules.serialNumber) serialNumber: string;
  @ApiProperty({ ...text(TEXT_LIMITS.code), example: 'daniel_baird_foundation' }) @Satisfies(kitRegistrationRules.make) make: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.name)) @Satisfies(kitOptionalTextRules.otherMake) otherMake?: string;
  @ApiProperty({ ...text(TEXT_LIMITS.code), example: 'unlocked_cabinet' }) @Satisfies(kitRegistrationRules.locationType) locationType: string;
  @ApiPropertyOptional({ ...text(TEXT_LIMITS.cabinetCode), description: 'Locked cabinets only; shared only with emergency services' })
  @Satisfies(kitOptionalTextRules.cabinetCode)
  cabinetCode?: string;
  @ApiProperty(text(TEXT_LIMITS.name)) @Satisfies(kitRegistrationRules.locationName) locationName: string;
  @ApiProperty(text(TEXT_LIMITS.address)) @Satisfies(kitRegistrationRules.addressLine1) addressLine1: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.address)) @Satisfies(kitOptionalTextRules.addressLine2) addressLine2?: string;
  @ApiProperty(text(TEXT_LIMITS.city)) @Satisfies(kitRegistrationRules.city) city: string;
  @ApiProperty(text(TEXT_LIMITS.postcode)) @Satisfies(kitRegistrationRules.postcode) postcode: string;
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: '53.384092' })
  @Satisfies([...locationRule, ...coordinateShape])
  latitude?: string | number | null;
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: '-2.337856' }) @Satisfies(coordinateShape) longitude?:
    string | number | null;
  @ApiPropertyOptional(text(TEXT_LIMITS.what3words)) @Satisfies(kitOptionalTextRules.what3words) what3words?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.notes)) @Satisfies(kitOptionalTextRules.detailedLocation) detailedLocation?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.openingHours)) @Satisfies(kitOptionalTextRules.openingHours) openingHours?: string;
  @ApiPropertyOptional({ ...text(TEXT_LIMITS.availabilityJson), description: 'JSON string of the availability object' })
  @Satisfies(kitOptionalTextRules.availability)
  availability?: string;
  @ApiProperty({ ...text(TEXT_LIMITS.date), example: '2025-01-10' }) @Satisfies(kitRegistrationRules.purchaseDate) purchaseDate: string;
  @ApiProperty({ ...text(TEXT_LIMITS.date), example: '2028-01-10' }) @Satisfies(kitRegistrationRules.expiryDate) expiryDate: string;
  @ApiProperty(text(TEXT_LIMITS.name)) @Satisfies(kitRegistrationRules.custodianName) custodianName: string;
  @ApiProperty(text(TEXT_LIMITS.phone)) @Satisfies(kitRegistrationRules.custodianPhone) custodianPhone: string;
  @ApiProperty(text(TEXT_LIMITS.email)) @Satisfies(kitRegistrationRules.custodianEmail) custodianEmail: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.code)) @Satisfies(kitOptionalTextRules.ambulanceService) ambulanceService?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean({ message: KitMessages.publicDisplay }) publicDisplay?: boolean;
}

type KitEditData = KitEditRequest['data'];

/**
 * The fields of a kit edit: any registration field (typed and bounded as at registration; the kits context runs
 * the whole registration table on the merged kit) and the admin-only manually checked, status and owner.
 */
export class KitEditDataDto implements KitEditData {
  @ApiPropertyOptional(text(TEXT_LIMITS.serialNumber)) @Satisfies(shapeOf(kitRegistrationRules.serialNumber)) serialNumber?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.code)) @Satisfies(shapeOf(kitRegistrationRules.make)) make?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.name)) @Satisfies(kitOptionalTextRules.otherMake) otherMake?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.code)) @Satisfies(shapeOf(kitRegistrationRules.locationType)) locationType?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.cabinetCode)) @Satisfies(kitOptionalTextRules.cabinetCode) cabinetCode?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.name)) @Satisfies(shapeOf(kitRegistrationRules.locationName)) locationName?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.address)) @Satisfies(shapeOf(kitRegistrationRules.addressLine1)) addressLine1?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.address)) @Satisfies(kitOptionalTextRules.addressLine2) addressLine2?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.city)) @Satisfies(shapeOf(kitRegistrationRules.city)) city?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.postcode)) @Satisfies(shapeOf(kitRegistrationRules.postcode)) postcode?: string;
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }] }) @Satisfies(coordinateShape) latitude?: string | number | null;
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }] }) @Satisfies(coordinateShape) longitude?: string | number | null;
  @ApiPropertyOptional(text(TEXT_LIMITS.what3words)) @Satisfies(kitOptionalTextRules.what3words) what3words?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.notes)) @Satisfies(kitOptionalTextRules.detailedLocation) detailedLocation?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.openingHours)) @Satisfies(kitOptionalTextRules.openingHours) openingHours?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.availabilityJson)) @Satisfies(kitOptionalTextRules.availability) availability?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.date)) @Satisfies(shapeOf(kitRegistrationRules.purchaseDate)) purchaseDate?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.date)) @Satisfies(shapeOf(kitRegistrationRules.expiryDate)) expiryDate?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.name)) @Satisfies(shapeOf(kitRegistrationRules.custodianName)) custodianName?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.phone)) @Satisfies(shapeOf(kitRegistrationRules.custodianPhone)) custodianPhone?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.email)) @Satisfies(shapeOf(kitRegistrationRules.custodianEmail)) custodianEmail?: string;
  @ApiPropertyOptional(text(TEXT_LIMITS.code)) @Satisfies(kitOptionalTextRules.ambulanceService) ambulanceService?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: KitMessages.publicDisplay }) publicDisplay?: boolean;
  @ApiPropertyOptional({ description: 'admin only' }) @IsOptional() @IsBoolean({ message: KitMessages.manuallyChecked }) manuallyChecked?: boolean;
  @ApiPropertyOptional({ enum: KIT_STATUSES, description: 'admin only' })
  @IsOptional()
  @IsIn(KIT_STATUSES as unknown as string[], { message: `Status must be one of: ${KIT_STATUSES.join(', ')}.` })
  status?: KitStatus;
  @ApiPropertyOptional({ nullable: true, format: 'uuid', description: 'admin only: the owner; null or empty leaves the kit unassigned' })
  @ValidateIf((o: KitEditDataDto) => o.userId !== null && o.userId !== undefined && o.userId !== '')
  @Satisfies([
    {
      message: 'userId must be a user id',
      test: isUuid,
    },
  ])
  userId?: string | null;
}

/** PUT /api/admin/kit-edit: {kitId, revision?, data}; the kits context validates the merged kit. */
export class KitEditDto implements KitEditRequest {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string', maxLength: TEXT_LIMITS.kitId }] })
  @IsDefined({ message: 'No kit ID found for editing' })
  @KitIdValue()
  kitId: number | string;

  @ApiPropertyOptional({ type: 'integer', description: 'the revision the form was opened with; a stale one answers 409' })
  @IsOptional()
  @IsInt({ message: 'revision must be a whole number' })
  @Min(0, { message: 'revision must be a whole number' })
  revision?: number;

  @ApiProperty({ type: () => KitEditDataDto })
  @IsObject({ message: 'data must be an object of kit fields' })
  @ValidateNested()
  @Type(() => KitEditDataDto)
  data: KitEditDataDto;
}

export class DeploymentStatusDto {
  @ApiProperty({ enum: DEPLOYMENT_STATUSES })
  @IsIn(DEPLOYMENT_STATUSES as unknown as string[], { message: KitMessages.unknownDeploymentStatus })
  status: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEXT_LIMITS.notes }) @Satisfies(boundedText('Notes', TEXT_LIMITS.notes)) notes?:
    string | null;
}
