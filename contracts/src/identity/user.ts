import type { UserRole } from '../enums/role';
import type { Actor } from './actor';

/** What the browser is told about the signed-in user (GET /api/auth/user). Never a hash. */
export type CurrentUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  emailVerified: boolean;
};

/** A row of the admin user list, in the spec's snake_case. */
export type AdminUserRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  kit_count: number;
  created_at: string;
  email_verified: boolean;
};

/** E-mails are case-insensitive: every lookup and store goes through this. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type RegisterRequest = { email: string; password: string; firstName: string; lastName: string };
export type LoginRequest = { email: string; password: string };
/** `currentPassword` is required when `email` differs from the account's address (email-change.ts). */
export type UpdateProfileRequest = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  currentPassword?: string;
  confirmUrlBase?: string;
};
export type ChangePasswordRequest = { userId: string; currentPassword: string; newPassword: string };
export type GoogleSignInRequest = { googleId: string; email: string; firstName: string; lastName: string; emailVerified: boolean };
/** An admin's actions on another user: the actor is who acts (identity checks the role and refuses one's own account). */
export type ToggleRoleRequest = { actor: Actor; userId: string; email?: string };
export type AdminUpdateUserRequest = { actor: Actor; userId: string; firstName: string; lastName: string; email: string };
export type SendPasswordResetRequest = { actor: Actor; userId: string; resetUrlBase: string };
export type ResetPasswordRequest = { token: string; newPassword: string };
export type DeleteUserRequest = { actor: Actor; userId: string };
/** identity.qry.user.v1: the current user of a session. */
export type GetUserRequest = { userId: string };
/** identity.qry.user-emails.v1: e-mails of user ids (unknown ids are left out). */
export type UserEmailsRequest = { userIds: string[] };
export type UserEmailsResponse = { emails: Record<string, string> };
/** identity.qry.admin-emails.v1: the admins' addresses, oldest account first. */
export type AdminEmailsResponse = { emails: string[] };

export type UserResponse = { user: CurrentUser };
export type UserListResponse = { users: AdminUserRow[] };
export type MessageResponse = { message: string };
/** The toggled user's new role beside the message. */
export type ToggleRoleResponse = MessageResponse & { role: UserRole };
/** The user whose password was reset, so the gateway can end every session of theirs. */
export type ResetPasswordResponse = MessageResponse & { userId: string };
