import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  type Actor,
  type AdminUpdateUserRequest,
  EMAIL_CHANGE_CONFIRM_PATH,
  EMAIL_CHANGE_LINK_HOURS,
  EmailChangeMessages,
  type RuleTable,
  type UpdateProfileRequest,
  type UpdateProfileResponse,
  type UserResponse,
  errorMessages,
  normaliseEmail,
  adminUserEditRules,
  passwordChangeServerRules,
  profileRules,
  validateAgainst,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles, ServiceError } from '@bleedkits/platform';
import { type User, toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditFields, userAuditLabel } from '../../domain/user-audit';
import { EmailChangeMailer } from '../../mail/email-change-mailer';
import { PasswordHasher } from '../../passwords/password-hasher';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';

export type ProfileChange = { userId: string; firstName: string; lastName: string; email: string };

/**
 * A user's own profile, and an admin's 'Edit User' (the same three rules). A user's new sign-in address needs the
 * current password and takes effect only from the link e-mailed to it, the old address being told: a borrowed
 * session alone can no longer move the account to someone else's inbox. An admin's edit applies at once.
 */
@Injectable()
export class UpdateProfileHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: EmailChangeMailer,
    private readonly audit: IdentityAuditTrail,
  ) {}

  @Handles(IdentitySubjects.updateProfile)
  async execute(req: UpdateProfileRequest): Promise<UpdateProfileResponse> {
    const current = await this.validated(req, profileRules);
    const newEmail = normaliseEmail(req.email);
    const names = { firstName: req.firstName.trim(), lastName: req.lastName.trim() };
    if (newEmail === current.email) return { user: toCurrentUser(await this.users.update(current.id, names)) };

    await this.provePassword(current, req.currentPassword);
    const other = await this.users.findByEmail(newEmail);
    if (other && other.id !== current.id) throw IdentityErrors.duplicateEmail();
    if (typeof req.confirmUrlBase !== 'string') throw ServiceError.validation(['confirmUrlBase is required to change the email address']);
    const user = await this.users.update(current.id, names);

    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashResetToken(token);
    await this.users.createEmailChange(user.id, newEmail, tokenHash, new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000));
    const confirmUrl = new URL(EMAIL_CHANGE_CONFIRM_PATH, req.confirmUrlBase);
    confirmUrl.searchParams.set('token', token);
    const linkId = tokenHash.slice(0, 32);
    const mail = { firstName: user.firstName, newEmail, linkId };
    await this.mailer.sendConfirmation({ ...mail, to: newEmail, confirmUrl: confirmUrl.toString(), expiresInHours: EMAIL_CHANGE_LINK_HOURS });
    await this.mailer.sendNotice({ ...mail, to: user.email, siteUrl: new URL('/', req.confirmUrlBase).toString() });
    return { user: toCurrentUser(user), pendingEmail: newEmail, message: EmailChangeMessages.pending(newEmail) };
  }

  /** An admin's edit of another user: the admin form's rules, the acting admin from the request. */
  @Handles(IdentitySubjects.adminUpdateUser)
  adminEdit(req: AdminUpdateUserRequest): Promise<UserResponse> {
    return this.executeAsAdmin(req, adminUserEditRules, req.actor);
  }

  /** 'Edit User' by an admin: applied at once; the address is unproven again, and reset links sent to the old one die. */
  async executeAsAdmin(req: ProfileChange, rules: RuleTable<'firstName' | 'lastName' | 'email'>, actor: Actor): Promise<UserResponse> {
    if (actor.role !== 'admin') throw IdentityErrors.adminOnly();
    const current = await this.validated(req, rules);
    const other = await this.users.findByEmail(req.email);
    if (other && other.id !== current.id) throw IdentityErrors.duplicateEmail();
    const emailChanged = normaliseEmail(req.email) !== current.email;
    const user = await this.users.update(
      current.id,
      { firstName: req.firstName.trim(), lastName: req.lastName.trim(), email: req.email, ...(emailChanged ? { emailVerified: false } : {}) },
      (m, updated) =>
        this.audit.record(m, {
          actor,
          action: 'user.edited',
          target: { type: 'user', id: current.id, label: userAuditLabel(current) },
          before: userAuditFields(current),
          after: userAuditFields(updated),
        }),
    );
    if (emailChanged) await this.users.revokeResetTokens(user.id);
    return { user: toCurrentUser(user) };
  }

  private async validated(req: ProfileChange, rules: RuleTable<'firstName' | 'lastName' | 'email'>): Promise<User> {
    const failures = errorMessages(validateAgainst(rules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const current = await this.users.findById(req.userId);
    if (!current) throw IdentityErrors.userNotFound();
    return current;
  }

  /** The same refusals as a password change (the gateway counts a wrong one against the sign-in limit). */
  private async provePassword(user: User, password: unknown): Promise<void> {
    if (password === undefined || password === null || password === '') throw ServiceError.validation([EmailChangeMessages.passwordRequired]);
    const failures = errorMessages(validateAgainst({ currentPassword: passwordChangeServerRules.currentPassword }, { currentPassword: password }));
    if (failures.length) throw ServiceError.validation(failures);
    if (!user.passwordHash) throw ServiceError.validation([EmailChangeMessages.noPassword]);
    if (!(await this.hasher.verify(user.passwordHash, password as string))) throw IdentityErrors.currentPasswordWrong();
  }
}
