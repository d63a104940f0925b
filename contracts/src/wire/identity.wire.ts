import { z } from 'zod';
import type { ConfirmEmailChangeRequest, ConfirmEmailChangeResponse, UpdateProfileResponse } from '../identity/email-change';
import type {
  AdminEmailsResponse,
  AdminUpdateUserRequest,
  AdminUserRow,
  ChangePasswordRequest,
  DeleteUserRequest,
  GetUserRequest,
  GoogleSignInRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SendPasswordResetRequest,
  ToggleRoleRequest,
  ToggleRoleResponse,
  UpdateProfileRequest,
  UserEmailsRequest,
  UserEmailsResponse,
  UserResponse,
} from '../identity/user';
import type { AuditPage, AuditPageRequest } from '../admin/audit';
import type { RequestPasswordResetCommand } from '../notifications/contact';
import type { ListPart, ListPartRequest } from '../paging/paging';
import { IdentitySubjects } from '../subjects';
import { type Asked, actor, auditPageRequest, call, listPart, shape } from './call';

const userId = z.string();
/** A user's names and e-mail: the handler checks them with the spec's messages (a name on one line, an address). */
const profile = { firstName: z.unknown(), lastName: z.unknown(), email: z.unknown() };

/**
 * Every request/reply subject of the identity context. Passwords, names and e-mail addresses are left to the
 * handlers, which refuse each with the spec's own message (and a password that is not text before argon2 runs).
 */
export const IdentityWire = {
  [IdentitySubjects.register]: call<RegisterRequest, UserResponse>(shape({ ...profile, password: z.unknown() })),
  [IdentitySubjects.login]: call<LoginRequest, UserResponse>(shape({ email: z.unknown(), password: z.unknown() })),
  [IdentitySubjects.getUser]: call<GetUserRequest, UserResponse>(shape({ userId })),
  [IdentitySubjects.updateProfile]: call<UpdateProfileRequest, UpdateProfileResponse>(
    shape({ userId, ...profile, currentPassword: z.unknown().optional(), confirmUrlBase: z.string().optional() }),
  ),
  [IdentitySubjects.confirmEmailChange]: call<ConfirmEmailChangeRequest, ConfirmEmailChangeResponse>(shape({ token: z.unknown() })),
  [IdentitySubjects.changePassword]: call<ChangePasswordRequest, MessageResponse>(
    shape({ userId, currentPassword: z.unknown(), newPassword: z.unknown() }),
  ),
  [IdentitySubjects.googleSignIn]: call<GoogleSignInRequest, UserResponse>(
    shape({ googleId: z.unknown(), email: z.unknown(), firstName: z.unknown(), lastName: z.unknown(), emailVerified: z.boolean() }),
  ),
  [IdentitySubjects.listUsers]: call<ListPartRequest<string>, ListPart<AdminUserRow, string>>(
    shape({ ...listPart, after: z.string().nullable().optional() }),
  ),
  [IdentitySubjects.toggleRole]: call<ToggleRoleRequest, ToggleRoleResponse>(shape({ actor, userId, email: z.string().optional() })),
  [IdentitySubjects.adminUpdateUser]: call<AdminUpdateUserRequest, UserResponse>(shape({ actor, userId, ...profile })),
  [IdentitySubjects.sendPasswordReset]: call<SendPasswordResetRequest, MessageResponse>(shape({ actor, userId, resetUrlBase: z.string() })),
  [IdentitySubjects.resetPassword]: call<ResetPasswordRequest, ResetPasswordResponse>(shape({ token: z.unknown(), newPassword: z.unknown() })),
  [IdentitySubjects.auditPage]: call<Asked<AuditPageRequest>, AuditPage>(auditPageRequest),
  [IdentitySubjects.deleteUser]: call<DeleteUserRequest, MessageResponse>(shape({ actor, userId })),
  [IdentitySubjects.userEmails]: call<UserEmailsRequest, UserEmailsResponse>(shape({ userIds: z.array(z.string()) })),
  [IdentitySubjects.requestPasswordReset]: call<RequestPasswordResetCommand, MessageResponse>(
    shape({ email: z.unknown(), resetUrlBase: z.string() }),
  ),
  [IdentitySubjects.adminEmails]: call<Record<string, never>, AdminEmailsResponse>(shape({})),
} as const;
