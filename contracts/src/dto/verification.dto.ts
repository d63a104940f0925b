import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import {
  type VerificationTestEmailRequest,
  type VerifyKitChecklist,
  bulkVerificationDateRules,
  checklistRules,
  testEmailRules,
} from '../verification/verification';
import { KitMessages, isKitDateInBounds } from '../kits/registration.rules';
import { Satisfies } from './satisfies';

/** POST /api/bleed-kits/{id}/verify: the custodian's checklist. */
export class VerifyKitDto implements VerifyKitChecklist {
  @ApiProperty() @Satisfies(checklistRules.cabinetAccessible) cabinetAccessible: boolean;
  @ApiProperty() @Satisfies(checklistRules.kitPresent) kitPresent: boolean;
  @ApiProperty() @Satisfies(checklistRules.sealIntact) sealIntact: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2027-03-01' }) @Satisfies(checklistRules.tourniquetExpiry) tourniquetExpiry?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2027-03-01' }) @Satisfies(checklistRules.dressingsExpiry) dressingsExpiry?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 }) @Satisfies(checklistRules.notes) notes?: string | null;
}

/** POST /api/admin/bulk-update-verification-dates */
export class BulkUpdateVerificationDatesDto {
  @ApiProperty({ example: '2025-12-31', description: 'the next verification due date of every active kit' })
  @Satisfies(bulkVerificationDateRules.dueDate)
  // Year 0000 is a calendar date to JavaScript but not to Postgres (it answered 500).
  @Satisfies([{ message: KitMessages.dateOutOfRange, test: (v) => typeof v !== 'string' || v.length < 4 || isKitDateInBounds(v) }])
  dueDate: string;
}

/** POST /api/admin/verification-reports/test-email: {email} previews; {email, sendReal: true} sends through the outbox. */
export class VerificationTestEmailDto implements VerificationTestEmailRequest {
  @ApiProperty({ maxLength: 254 }) @Satisfies(testEmailRules.email) email: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'sendReal must be true or false' }) sendReal?: boolean;
}
