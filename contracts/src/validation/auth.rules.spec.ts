import { AuthMessages, passwordChangeRules, passwordStrength, signUpRules } from './auth.rules';
import { errorMessages, firstErrors, validateAgainst } from './rules';

describe('auth rule tables', () => {
  it('scores the five sign-up checks: Weak below 40 %, Medium below 80 %, Strong otherwise', () => {
    expect(passwordStrength('')).toEqual({ score: 0, ratio: 0, label: 'Weak' });
    expect(passwordStrength('a').label).toBe('Weak'); // 1/5 = 20 %
    expect(passwordStrength('aA').label).toBe('Medium'); // 2/5 = 40 %
    expect(passwordStrength('aA1').label).toBe('Medium'); // 3/5 = 60 %
    expect(passwordStrength('aA1!').label).toBe('Strong'); // 4/5 = 80 %
    expect(passwordStrength('aA1!aaaa')).toEqual({ score: 5, ratio: 1, label: 'Strong' });
  });

  it('reports every failed sign-up rule in field order', () => {
    const errors = validateAgainst(signUpRules, { email: 'no', password: 'ABCDEFGH', firstName: 'A', lastName: '' });
    expect(errorMessages(errors)).toEqual([
      AuthMessages.loginEmail,
      AuthMessages.passwordLowercase,
      AuthMessages.passwordNumber,
      AuthMessages.passwordSpecial,
      AuthMessages.lastNameRequired,
    ]);
    expect(firstErrors(errors)).toEqual({
      email: AuthMessages.loginEmail,
      password: AuthMessages.passwordLowercase,
      lastName: AuthMessages.lastNameRequired,
    });
  });

  it('checks only the length of a changed password, and that confirmation matches', () => {
    expect(validateAgainst(passwordChangeRules, { currentPassword: 'x', newPassword: 'aaaaaaaa', confirmPassword: 'aaaaaaab' })).toEqual({
      confirmPassword: [AuthMessages.passwordsDontMatch],
    });
    expect(validateAgainst(passwordChangeRules, { currentPassword: '', newPassword: 'short', confirmPassword: '' })).toEqual({
      currentPassword: [AuthMessages.currentPasswordRequired],
      newPassword: [AuthMessages.newPasswordMinLength],
      confirmPassword: [AuthMessages.confirmPasswordRequired, AuthMessages.passwordsDontMatch],
    });
  });
});
