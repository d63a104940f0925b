import { TEXT_LIMITS, tooLongMessage } from './limits';
import { boundedText, rule, type FieldRule, type RuleTable } from './rules';

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
  passwordNotText: 'Password must be text',
  passwordNul: 'Password must not contain a NUL character',
  passwordTooLong: tooLongMessage('Password', TEXT_LIMITS.password),
} as const;

const lowercase = /[a-z]/;
const uppercase = /[A-Z]/;
const digit = /[0-9]/;
const special = /[^A-Za-z0-9]/;

/**
 * Every password the server receives is a string of bounded length without NUL: a JSON array once became a
 * one-byte password (argon2 hashed Buffer.from([...])). Not part of the strength meter's five checks.
 */
const passwordShape: readonly FieldRule[] = [
  rule.text(AuthMessages.passwordNotText),
  rule.maxLength(TEXT_LIMITS.password, AuthMessages.passwordTooLong),
  rule.withoutNul(AuthMessages.passwordNul),
];
const emailShape = boundedText('Email address', TEXT_LIMITS.email);
const nameRules = (label: 'First name' | 'Last name', requiredMessage: string): readonly FieldRule[] => [
  rule.required(requiredMessage),
  ...boundedText(label, TEXT_LIMITS.name, { singleLine: true }),
];

export const loginRules: RuleTable<'email' | 'password'> = {
  email: [rule.email(AuthMessages.loginEmail), ...emailShape],
  password: [rule.required(AuthMessages.loginPassword), ...passwordShape],
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
  email: [rule.email(AuthMessages.loginEmail), ...emailShape],
  password: [...strongPasswordRules, ...passwordShape],
  firstName: nameRules('First name', AuthMessages.firstNameRequired),
  lastName: nameRules('Last name', AuthMessages.lastNameRequired),
};

export const profileRules: RuleTable<'firstName' | 'lastName' | 'email'> = {
  firstName: nameRules('First name', AuthMessages.firstNameRequired),
  lastName: nameRules('Last name', AuthMessages.lastNameRequired),
  email: [rule.email(AuthMessages.profileEmail), ...emailShape],
};

/** The spec checks only the length here; the server keeps the same rule so a form never passes locally and fails remotely. */
export const passwordChangeRules: RuleTable<'currentPassword' | 'newPassword' | 'confirmPassword'> = {
  currentPassword: [rule.required(AuthMessages.currentPasswordRequired), ...passwordShape],
  newPassword: [rule.minLength(PASSWORD_MIN_LENGTH, AuthMessages.newPasswordMinLength), ...passwordShape],
  confirmPassword: [rule.required(AuthMessages.confirmPasswordRequired), rule.equalsField('newPassword', AuthMessages.passwordsDontMatch)],
};

/** The server receives only current and new (spec call table); confirmation is a browser concern. */
export const passwordChangeServerRules: RuleTable<'currentPassword' | 'newPassword'> = {
  currentPassword: passwordChangeRules.currentPassword,
  newPassword: passwordChangeRules.newPassword,
};

export const resetPasswordRules: RuleTable<'token' | 'newPassword'> = {
  token: [{ message: AuthMessages.resetTokenInvalid, test: (v) => typeof v === 'string' && v.trim().length > 0 && v.length <= TEXT_LIMITS.token }],
  newPassword: [...strongPasswordRules, ...passwordShape],
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
