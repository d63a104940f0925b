import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsString, IsUUID, ValidateIf } from 'class-validator';
import { ManufacturerMessages } from '../admin/admin';
import { TEXT_LIMITS } from '../validation/limits';
import { BoundedText, KIT_ID_MESSAGE, KitIdValue, isKitIdValue } from './field-shapes';
import { Satisfies } from './satisfies';

export class BulkApproveDto {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: 'kitIds must be a list of kit ids' })
  @ArrayMinSize(1, { message: 'kitIds must list at least one kit id' })
  @ArrayMaxSize(1000, { message: 'At most 1000 kits can be approved at once' })
  @Satisfies([{ message: KIT_ID_MESSAGE, test: (v) => !Array.isArray(v) || v.every(isKitIdValue) }])
  kitIds: (number | string)[];
}

export class ReassignKitDto {
  @ApiProperty({ nullable: true, format: 'uuid', description: 'the new owner; null leaves the kit unassigned' })
  @ValidateIf((o: ReassignKitDto) => o.userId !== null && o.userId !== undefined && o.userId !== '')
  @IsUUID('all', { message: 'userId must be a user id' })
  userId: string | null;
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string', maxLength: TEXT_LIMITS.kitId }] })
  @IsDefined({ message: 'kitId is required' })
  @KitIdValue()
  kitId: number | string;
}

export class AddManufacturerDto {
  @ApiProperty({ maxLength: TEXT_LIMITS.name })
  @IsString({ message: ManufacturerMessages.nameRequired })
  @BoundedText('Name', TEXT_LIMITS.name, { singleLine: true })
  name: string;
}

export class RenameManufacturerDto {
  @ApiProperty({ maxLength: TEXT_LIMITS.code })
  @IsString({ message: 'value must be text' })
  @BoundedText('Value', TEXT_LIMITS.code, { singleLine: true })
  value: string;
  @ApiProperty({ maxLength: TEXT_LIMITS.name })
  @IsString({ message: ManufacturerMessages.nameRequired })
  @BoundedText('Name', TEXT_LIMITS.name, { singleLine: true })
  label: string;
}

export class KitStatusQueryDto {
  @ApiProperty({ maxLength: TEXT_LIMITS.kitId }) @IsDefined({ message: 'id is required' }) @KitIdValue() id: string;
  @ApiPropertyOptional({ enum: ['active', 'rejected'] })
  @IsIn(['active', 'rejected'], { message: 'status must be active or rejected' })
  status: string;
}
