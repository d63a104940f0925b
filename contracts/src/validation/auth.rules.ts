import { rule, type RuleTable } from './rules';

export const PASSWORD_MIN_LENGTH = 8;

export const AuthMessages = {
  loginEmail: 'Please enter a valid email address',
  loginPassword: 'Password is required',
  passwordMinLength: 'Password must be at least 8 characters',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  profileEmail: 'Invalid email address',
  currentPasswordRequired: 'Current password is required',
  newPasswordMinLength: 'New password must be at least 8 characters',
  confirmPasswordRequired: 'Please confirm your new password',
  passwordsDontMatch: "Passwords don't match",
  duplicateEmail: 'User with this email already exists',
  invalidCredentials: 'Invalid email or password',
  googleNotConfigured: 'Google sign-in is not configured',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
} as const;

const lowercase = /[a-z]/;
const uppercase = /[A-Z]/;
const digit = /[0-9]/;
const special = /[^A-Za-z0-9]/;

export const loginRules: RuleTable<'email' | 'password'> = {
  email: [rule.email(AuthMessages.loginEmail)],
  password: [rule.required(AuthMessages.loginPassword)],
};

/** The sign-up password rules; also used for a password set through a reset link. */
export const strongPasswordRules = [
  rule.minLength(PASSWORD_MIN_LENGTH, AuthMessages.passwordMinLength),
  rule.matches(lowercase, AuthMessages.passwordLowercase),
  rule.matches(uppercase, AuthMessages.passwordUppercase),
  rule.matches(digit, AuthMessages.passwordNumber),
  rule.matches(special, AuthMessages.passwordSpecial),
] as const;

export const signUpRules: RuleTable<'email' | 'password' | 'firstName' | 'lastName'> = {
  email: [rule.email(AuthMessages.loginEmail)],
  password: strongPasswordRules,
  firstName: [rule.required(AuthMessages.firstNameRequired)],
  lastName: [rule.required(AuthMessages.lastNameRequired)],
};

export const profileRules: RuleTable<'firstName' | 'lastName' | 'email'> = {
  firstName: [rule.required(AuthMessages.firstNameRequired)],
  lastName: [rule.required(AuthMessages.lastNameRequired)],
  email: [rule.email(AuthMessages.profileEmail)],
};

/** The spec checks only the length here; the server keeps the same rule so a form never passes locally and fails remotely. */
export const passwordChangeRules: RuleTable<'currentPassword' | 'newPassword' | 'confirmPassword'> = {
  currentPassword: [rule.required(AuthMessages.currentPasswordRequired)],
  newPassword: [rule.minLength(PASSWORD_MIN_LENGTH, AuthMessages.newPasswordMinLength)],
  confirmPassword: [
    rule.required(AuthMessages.confirmPasswordRequired),
    rule.equalsField('newPassword', AuthMessages.passwordsDontMatch),
  ],
};

/** The server receives only current and new (spec call table); confirmation is a browser concern. */
export const passwordChangeServerRules: RuleTable<'currentPassword' | 'newPassword'> = {
  currentPassword: passwordChangeRules.currentPassword,
  newPassword: passwordChangeRules.newPassword,
};

export const resetPasswordRules: RuleTable<'token' | 'newPassword'> = {
  token: [rule.required(AuthMessages.resetTokenInvalid)],
  newPassword: strongPasswordRules,
};

/** Admin 'Edit User': first name, last name and e-mail all required. */
export const adminUserEditRules: RuleTable<'firstName' | 'lastName' | 'email'> = profileRules;

export type PasswordStrength = { score: number; ratio: number; label: 'Weak' | 'Medium' | 'Strong' };
export const PASSWORD_STRENGTH_THRESHOLDS = { medium: 0.4, strong: 0.8 } as const;

/** The live meter counts the five sign-up checks met: Weak below 40 %, Medium below 80 %, Strong otherwise. */
export function passwordStrength(password: string): PasswordStrength {
  const score = strongPasswordRules.filter((r) => r.test(password, {})).length;
  const ratio = score / strongPasswordRules.length;
  const label = ratio < PASSWORD_STRENGTH_THRESHOLDS.medium ? 'Weak' : ratio < PASSWORD_STRENGTH_THRESHOLDS.strong ? 'Medium' : 'Strong';
  return { score, ratio, label };
}
