import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID } from 'class-validator';
import {
  adminUserEditRules,
  loginRules,
  passwordChangeServerRules,
  profileRules,
  resetPasswordRules,
  signUpRules,
} from '../validation/auth.rules';
import type { RegisterRequest, LoginRequest } from '../identity/user';
import { Satisfies } from './satisfies';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'custodian@example.org' }) @Satisfies(loginRules.email) email: string;
  @ApiProperty() @Satisfies(loginRules.password) password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty() @Satisfies(signUpRules.email) email: string;
  @ApiProperty({ description: 'At least 8 characters with a lowercase, an uppercase, a number and a special character' })
  @Satisfies(signUpRules.password)
  password: string;
  @ApiProperty() @Satisfies(signUpRules.firstName) firstName: string;
  @ApiProperty() @Satisfies(signUpRules.lastName) lastName: string;
}

export class UpdateProfileDto {
  @ApiProperty() @Satisfies(profileRules.firstName) firstName: string;
  @ApiProperty() @Satisfies(profileRules.lastName) lastName: string;
  @ApiProperty() @Satisfies(profileRules.email) email: string;
}

export class ChangePasswordDto {
  @ApiProperty() @Satisfies(passwordChangeServerRules.currentPassword) currentPassword: string;
  @ApiProperty() @Satisfies(passwordChangeServerRules.newPassword) newPassword: string;
}

export class ResetPasswordDto {
  @ApiProperty() @Satisfies(resetPasswordRules.token) token: string;
  @ApiProperty() @Satisfies(resetPasswordRules.newPassword) newPassword: string;
}

export const ADMIN_USER_ACTIONS = ['toggle_role', 'reset_password'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

export class AdminUserActionDto {
  @ApiProperty({ enum: ADMIN_USER_ACTIONS })
  @IsIn(ADMIN_USER_ACTIONS as unknown as string[], { message: `action must be one of: ${ADMIN_USER_ACTIONS.join(', ')}` })
  action: AdminUserAction;
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId: string;
  @ApiProperty({ required: false }) @IsOptional() @IsString() email?: string;
}

export class AdminUpdateUserDto {
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId: string;
  @ApiProperty() @Satisfies(adminUserEditRules.firstName) firstName: string;
  @ApiProperty() @Satisfies(adminUserEditRules.lastName) lastName: string;
  @ApiProperty() @Satisfies(adminUserEditRules.email) email: string;
}
