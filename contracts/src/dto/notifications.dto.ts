import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { contactRules, type ContactMessageRequest } from '../validation/contact.rules';
import { loginRules } from '../validation/auth.rules';
import { EMAIL_TEMPLATE_LIMITS, EmailTemplateMessages, type SendTestEmailRequest, type UpdateEmailTemplateRequest } from '../notifications/templates';
import type { ForgotPasswordRequest } from '../notifications/contact';
import { OUTBOX_STATUSES } from '../notifications/outbox';
import type { OutboxStatus, PreviewEmailRequest } from '../notifications/email';
import { CustodianMailMessages, type StopCustodianMailRequest } from '../notifications/custodian-mail';
import { Satisfies } from './satisfies';

/** POST /api/contact: the spec's messages, every failure at once; lengths bounded by the same rule table. */
export class ContactDto implements ContactMessageRequest {
  @ApiProperty({ minLength: 2, maxLength: 100 }) @Satisfies(contactRules.name) name: string;
  @ApiProperty({ maxLength: 254 }) @Satisfies(contactRules.email) email: string;
  @ApiProperty({ minLength: 5, maxLength: 200 }) @Satisfies(contactRules.subject) subject: string;
  @ApiProperty({ minLength: 10, maxLength: 5000 }) @Satisfies(contactRules.message) message: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty({ maxLength: 254 })
  @Satisfies(loginRules.email)
  @MaxLength(254, { message: 'Email address must be at most 254 characters' })
  email: string;
}

export class UpdateEmailTemplateDto implements UpdateEmailTemplateRequest {
  @ApiProperty({ maxLength: EMAIL_TEMPLATE_LIMITS.subject })
  @IsString({ message: EmailTemplateMessages.subjectRequired })
  @MinLength(1, { message: EmailTemplateMessages.subjectRequired })
  @MaxLength(EMAIL_TEMPLATE_LIMITS.subject, { message: EmailTemplateMessages.subjectTooLong })
  subject: string;

  @ApiProperty({ maxLength: EMAIL_TEMPLATE_LIMITS.htmlTemplate, description: 'Handlebars; variables are HTML-escaped' })
  @IsString({ message: EmailTemplateMessages.htmlRequired })
  @MinLength(1, { message: EmailTemplateMessages.htmlRequired })
  @MaxLength(EMAIL_TEMPLATE_LIMITS.htmlTemplate, { message: EmailTemplateMessages.htmlTooLong })
  htmlTemplate: string;

  @ApiProperty({ maxLength: EMAIL_TEMPLATE_LIMITS.textTemplate, description: 'Handlebars' })
  @IsString({ message: EmailTemplateMessages.textRequired })
  @MinLength(1, { message: EmailTemplateMessages.textRequired })
  @MaxLength(EMAIL_TEMPLATE_LIMITS.textTemplate, { message: EmailTemplateMessages.textTooLong })
  textTemplate: string;
}

export class SendTestEmailDto implements SendTestEmailRequest {
  @ApiProperty({ maxLength: 254 })
  @Satisfies([
    { message: EmailTemplateMessages.testEmailInvalid, test: (v) => typeof v === 'string' && v.length <= 254 && loginRules.email[0].test(v, {}) },
  ])
  email: string;

  @ApiProperty({ maxLength: 100 })
  @IsString({ message: EmailTemplateMessages.templateIdRequired })
  @MinLength(1, { message: EmailTemplateMessages.templateIdRequired })
  @MaxLength(100, { message: EmailTemplateMessages.templateIdRequired })
  templateId: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'values of the template variables' })
  @IsOptional()
  @IsObject({ message: EmailTemplateMessages.variablesInvalid })
  variables?: Record<string, string>;
}

export class OutboxQueryDto {
  @ApiPropertyOptional({ type: Number, minimum: 1, default: 1 })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,5}$/, { message: 'page must be a whole number from 1' })
  page?: string;

  @ApiPropertyOptional({ enum: OUTBOX_STATUSES })
  @IsOptional()
  @IsIn(OUTBOX_STATUSES as OutboxStatus[], { message: `status must be one of: ${OUTBOX_STATUSES.join(', ')}` })
  status?: OutboxStatus;
}

/** POST /api/admin/email-templates/preview: the editor's unsaved texts and sample values. */
export class PreviewEmailDto implements PreviewEmailRequest {
  @ApiProperty({ maxLength: 100 })
  @IsString({ message: EmailTemplateMessages.templateIdRequired })
  @MinLength(1, { message: EmailTemplateMessages.templateIdRequired })
  @MaxLength(100, { message: EmailTemplateMessages.templateIdRequired })
  templateId: string;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.subject })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_TEMPLATE_LIMITS.subject, { message: EmailTemplateMessages.subjectTooLong })
  subject?: string;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.htmlTemplate })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_TEMPLATE_LIMITS.htmlTemplate, { message: EmailTemplateMessages.htmlTooLong })
  htmlTemplate?: string;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.textTemplate })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_TEMPLATE_LIMITS.textTemplate, { message: EmailTemplateMessages.textTooLong })
  textTemplate?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject({ message: EmailTemplateMessages.variablesInvalid })
  variables?: Record<string, string>;
}

/** POST /api/custodian-mail/stop: the token in the JSON body (the page), or in the query (RFC 8058 one-click). */
export class StopCustodianMailDto implements Partial<StopCustodianMailRequest> {
  @ApiPropertyOptional({ maxLength: 4096, description: 'The token of the stop link; also accepted as ?token=' })
  @IsOptional()
  @IsString({ message: CustodianMailMessages.invalidToken })
  @MaxLength(4096, { message: CustodianMailMessages.invalidToken })
  token?: string;
}
