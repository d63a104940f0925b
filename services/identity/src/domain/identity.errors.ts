import { AuthMessages } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';

/** The identity context's refusals, each with its stable code. */
export const IdentityErrors = {
  duplicateEmail: () => ServiceError.conflict(AuthMessages.duplicateEmail),
  invalidCredentials: () => ServiceError.unauthenticated(AuthMessages.invalidCredentials),
  userNotFound: () => ServiceError.notFound('User not found'),
  currentPasswordWrong: () => ServiceError.validation([AuthMessages.currentPasswordWrong]),
  resetTokenInvalid: () => ServiceError.validation([AuthMessages.resetTokenInvalid]),
  ownRole: () => ServiceError.forbidden('You cannot change your own role'),
  deleteAdmin: () => ServiceError.forbidden('Admin users cannot be deleted'),
  deleteSelf: () => ServiceError.forbidden('You cannot delete your own account'),
  emailMismatch: () => ServiceError.validation(['The e-mail does not match the selected user']),
  googleEmailUnverified: () => ServiceError.conflict('This e-mail is already registered. Sign in with your password.'),
};
