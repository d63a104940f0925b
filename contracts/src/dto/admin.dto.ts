import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsOptional, IsString } from 'class-validator';
import { ManufacturerMessages } from '../admin/admin';

export class BulkApproveDto {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: 'kitIds must be a list of kit ids' })
  @ArrayMinSize(1, { message: 'kitIds must list at least one kit id' })
  @ArrayMaxSize(1000, { message: 'At most 1000 kits can be approved at once' })
  kitIds: (number | string)[];
}

export class ReassignKitDto {
  @ApiProperty({ nullable: true, description: 'the new owner; null leaves the kit unassigned' }) @IsOptional() @IsString() userId: string | null;
  @ApiProperty() @IsDefined({ message: 'kitId is required' }) kitId: number | string;
}

export class AddManufacturerDto {
  @ApiProperty() @IsString({ message: ManufacturerMessages.nameRequired }) name: string;
}

export class RenameManufacturerDto {
  @ApiProperty() @IsString() value: string;
  @ApiProperty() @IsString({ message: ManufacturerMessages.nameRequired }) label: string;
}

export class KitStatusQueryDto {
  @ApiProperty() @IsDefined({ message: 'id is required' }) id: string;
  @ApiPropertyOptional({ enum: ['active', 'rejected'] }) @IsString({ message: 'status must be active or rejected' }) status: string;
}
