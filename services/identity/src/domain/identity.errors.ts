import { CodedError, AuthMessages, ADMIN_ACCESS_REQUIRED } from '@bleedkits/contracts';

/** The identity context's refusals, each with its stable code. */
export const IdentityErrors = {
  duplicateEmail: () => CodedError.conflict(AuthMessages.duplicateEmail),
  invalidCredentials: () => CodedError.unauthenticated(AuthMessages.invalidCredentials),
  userNotFound: () => CodedError.notFound('User not found'),
  currentPasswordWrong: () => CodedError.validation([AuthMessages.currentPasswordWrong]),
  resetTokenInvalid: () => CodedError.validation([AuthMessages.resetTokenInvalid]),
  adminOnly: () => CodedError.forbidden(ADMIN_ACCESS_REQUIRED),
  ownRole: () => CodedError.forbidden('You cannot change your own role'),
  deleteAdmin: () => CodedError.forbidden('Admin users cannot be deleted'),
  deleteSelf: () => CodedError.forbidden('You cannot delete your own account'),
  emailMismatch: () => CodedError.validation(['The e-mail does not match the selected user']),
  googleEmailUnverified: () => CodedError.conflict('This e-mail is already registered. Sign in with your password.'),
};
