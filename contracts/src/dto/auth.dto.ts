import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { adminUserEditRules, loginRules, passwordChangeServerRules, profileRules, resetPasswordRules, signUpRules } from '../validation/auth.rules';
import type { RegisterRequest, LoginRequest } from '../identity/user';
import { type ConfirmEmailChangeRequest, confirmEmailChangeRules } from '../identity/email-change';
import { TEXT_LIMITS } from '../validation/limits';
import { BoundedText } from './field-shapes';
import { Satisfies } from './satisfies';

// Every property: its type and maximum length come with the rule table (rules.ts `boundedText`, auth.rules.ts).
const email = { maxLength: TEXT_LIMITS.email, example: 'custodian@example.org' };
const password = { maxLength: TEXT_LIMITS.password };
const name = { maxLength: TEXT_LIMITS.name };

export class LoginDto implements LoginRequest {
  @ApiProperty(email) @Satisfies(loginRules.email) email: string;
  @ApiProperty(password) @Satisfies(loginRules.password) password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty(email) @Satisfies(signUpRules.email) email: string;
  @ApiProperty({ ...password, description: 'At least 8 characters with a lowercase, an uppercase, a number and a special character' })
  @Satisfies(signUpRules.password)
  password: string;
  @ApiProperty(name) @Satisfies(signUpRules.firstName) firstName: string;
  @ApiProperty(name) @Satisfies(signUpRules.lastName) lastName: string;
}

export class UpdateProfileDto {
  @ApiProperty(name) @Satisfies(profileRules.firstName) firstName: string;
  @ApiProperty(name) @Satisfies(profileRules.lastName) lastName: string;
  @ApiProperty(email) @Satisfies(profileRules.email) email: string;
  @ApiProperty({ ...password, required: false, description: 'Required when email differs from the current address' })
  @IsOptional()
  @Satisfies(passwordChangeServerRules.currentPassword)
  currentPassword?: string;
}

export class ConfirmEmailChangeDto implements ConfirmEmailChangeRequest {
  @ApiProperty({ maxLength: TEXT_LIMITS.token }) @Satisfies(confirmEmailChangeRules.token) token: string;
}

export class ChangePasswordDto {
  @ApiProperty(password) @Satisfies(passwordChangeServerRules.currentPassword) currentPassword: string;
  @ApiProperty(password) @Satisfies(passwordChangeServerRules.newPassword) newPassword: string;
}

export class ResetPasswordDto {
  @ApiProperty({ maxLength: TEXT_LIMITS.token }) @Satisfies(resetPasswordRules.token) token: string;
  @ApiProperty(password) @Satisfies(resetPasswordRules.newPassword) newPassword: string;
}

export const ADMIN_USER_ACTIONS = ['toggle_role', 'reset_password'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

export class AdminUserActionDto {
  @ApiProperty({ enum: ADMIN_USER_ACTIONS })
  @IsIn(ADMIN_USER_ACTIONS as unknown as string[], { message: `action must be one of: ${ADMIN_USER_ACTIONS.join(', ')}` })
  action: AdminUserAction;
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId: string;
  @ApiProperty({ required: false, maxLength: TEXT_LIMITS.email }) @IsOptional() @BoundedText('Email address', TEXT_LIMITS.email) email?: string;
}

export class AdminUpdateUserDto {
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId: string;
  @ApiProperty(name) @Satisfies(adminUserEditRules.firstName) firstName: string;
  @ApiProperty(name) @Satisfies(adminUserEditRules.lastName) lastName: string;
  @ApiProperty(email) @Satisfies(adminUserEditRules.email) email: string;
}
