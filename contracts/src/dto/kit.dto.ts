import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { DEPLOYMENT_STATUSES } from '../enums/deployment-status';
import { KitMessages, kitRegistrationRules, hasLocation } from '../kits/registration.rules';
import type { KitRegistration } from '../kits/kit';
import { Satisfies } from './satisfies';

const locationRule = [{ message: KitMessages.location, test: (_: unknown, all: Readonly<Record<string, unknown>>) => hasLocation(all) }];

/** POST /api/bleed-kits. The kits context checks the same table again plus the live manufacturer list. */
export class KitRegistrationDto implements KitRegistration {
  @ApiProperty() @Satisfies(kitRegistrationRules.serialNumber) serialNumber: string;
  @ApiProperty({ example: 'daniel_baird_foundation' }) @Satisfies(kitRegistrationRules.make) make: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) otherMake?: string;
  @ApiProperty({ example: 'unlocked_cabinet' }) @Satisfies(kitRegistrationRules.locationType) locationType: string;
  @ApiPropertyOptional({ description: 'Locked cabinets only; shared only with emergency services' }) @IsOptional() @IsString() @MaxLength(100) cabinetCode?: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.locationName) locationName: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.addressLine1) addressLine1: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(300) addressLine2?: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.city) city: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.postcode) postcode: string;
  @ApiProperty({ type: String, example: '53.384092' }) @Satisfies(locationRule) latitude?: string | number | null;
  @ApiProperty({ type: String, example: '-2.337856' }) @IsOptional() longitude?: string | number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) what3words?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) detailedLocation?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) openingHours?: string;
  @ApiPropertyOptional({ description: 'JSON string of the availability object' }) @IsOptional() @IsString() @MaxLength(5000) availability?: string;
  @ApiProperty({ example: '2025-01-10' }) @Satisfies(kitRegistrationRules.purchaseDate) purchaseDate: string;
  @ApiProperty({ example: '2028-01-10' }) @Satisfies(kitRegistrationRules.expiryDate) expiryDate: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.custodianName) custodianName: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.custodianPhone) custodianPhone: string;
  @ApiProperty() @Satisfies(kitRegistrationRules.custodianEmail) custodianEmail: string;
  @ApiPropertyOptional() @IsOptional() @IsString() ambulanceService?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() publicDisplay?: boolean;
}

/** PUT /api/admin/kit-edit: {kitId, data}; the kits context validates the merged kit. */
export class KitEditDto {
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }] }) @IsDefined({ message: 'No kit ID found for editing' }) kitId: number | string;
  @ApiProperty({ type: Object }) @IsObject({ message: 'data must be an object of kit fields' }) data: Record<string, unknown>;
}

export class DeploymentStatusDto {
  @ApiProperty({ enum: DEPLOYMENT_STATUSES })
  @IsIn(DEPLOYMENT_STATUSES as unknown as string[], { message: KitMessages.unknownDeploymentStatus })
  status: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) notes?: string | null;
}
