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
import { type Asked, actor, auditPageRequest, call, listPart, shape } from './call';
import { healthSubject } from '../subjects';

export const IdentitySubjects = {
  health: healthSubject('identity'),
  register: 'identity.cmd.register.v1',
  login: 'identity.cmd.login.v1',
  getUser: 'identity.qry.user.v1',
  updateProfile: 'identity.cmd.update-profile.v1',
  changePassword: 'identity.cmd.change-password.v1',
  googleSignIn: 'identity.cmd.google-sign-in.v1',
  listUsers: 'identity.qry.user-list.v1',
  toggleRole: 'identity.cmd.toggle-role.v1',
  adminUpdateUser: 'identity.cmd.admin-update-user.v1',
  sendPasswordReset: 'identity.cmd.send-password-reset.v1',
  resetPassword: 'identity.cmd.reset-password.v1',
  /** Completes a change of sign-in e-mail from the link sent to the new address. */
  confirmEmailChange: 'identity.cmd.confirm-email-change.v1',
  deleteUser: 'identity.cmd.delete-user.v1',
  /** E-mails of user ids, for kit views that show the owner. */
  userEmails: 'identity.qry.user-emails.v1',
  /** Self-service "Forgot password?": e-mails a reset link if the address has an account; answers alike either way. */
  requestPasswordReset: 'identity.cmd.request-password-reset.v1',
  /** The admins' e-mail addresses (who receives contact messages when CONTACT_INBOX_EMAIL is unset). */
  adminEmails: 'identity.qry.admin-emails.v1',
  /** One page of identity's audit entries (role changes, deletions, password resets, admin sign-ins), newest first. */
  auditPage: 'identity.qry.audit-page.v1',
} as const;

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
