import { kitOptionalTextRules, kitRegistrationRules, parseCoordinate } from '../kits/registration.rules';
import { AuthMessages, loginRules, passwordStrength, profileRules, resetPasswordRules, signUpRules } from './auth.rules';
import { TEXT_LIMITS, tooLongMessage } from './limits';
import { asText, boundedText, errorMessages, validateAgainst } from './rules';

describe('types and lengths in the rule tables', () => {
  it('reads only strings as text: arrays, objects, numbers and booleans are not stringified', () => {
    expect(asText('a')).toBe('a');
    for (const v of [['Str0ng!Pass'], { a: 1 }, 12345678, true, null, undefined]) expect(asText(v)).toBe('');
  });

  it('refuses every non-string password at sign-up, sign-in and reset, and a NUL in one', () => {
    for (const password of [['Str0ng!Pass'], { p: 'Str0ng!Pass' }, 12345678, true]) {
      const signUp = errorMessages(validateAgainst(signUpRules, { email: 'a@b.org', password, firstName: 'A', lastName: 'B' }));
      expect(signUp).toContain(AuthMessages.passwordNotText);
      expect(errorMessages(validateAgainst(loginRules, { email: 'a@b.org', password }))).toContain(AuthMessages.passwordNotText);
      expect(errorMessages(validateAgainst(resetPasswordRules, { token: 't', newPassword: password }))).toContain(AuthMessages.passwordNotText);
    }
    expect(errorMessages(validateAgainst(loginRules, { email: 'a@b.org', password: 'Str0ng!\u0000' }))).toEqual([AuthMessages.passwordNul]);
    expect(errorMessages(validateAgainst(loginRules, { email: 'a@b.org', password: 'x'.repeat(257) }))).toEqual([AuthMessages.passwordTooLong]);
    // The strength meter still counts its five checks.
    expect(passwordStrength('aA1!aaaa')).toEqual({ score: 5, ratio: 1, label: 'Strong' });
  });

  it('refuses line breaks, control characters and over-long names', () => {
    const errors = errorMessages(validateAgainst(profileRules, { firstName: 'Eve\r\nBcc: x', lastName: 'L'.repeat(101), email: 'e@x.org' }));
    expect(errors).toEqual(['First name must be on one line', tooLongMessage('Last name', TEXT_LIMITS.name)]);
  });

  it('bounds every kit field with the numbers of TEXT_LIMITS, and types the optional ones', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    expect(validateAgainst(kitRegistrationRules, { locationName: long(TEXT_LIMITS.name) }).locationName).toContain(
      tooLongMessage('Location name', 100),
    );
    expect(validateAgainst(kitRegistrationRules, { addressLine1: long(TEXT_LIMITS.address) }).addressLine1).toContain(
      tooLongMessage('Address line 1', 200),
    );
    expect(validateAgainst(kitRegistrationRules, { custodianEmail: `${long(250)}@x.org` }).custodianEmail).toContain(
      tooLongMessage('Custodian email', 254),
    );
    expect(validateAgainst(kitOptionalTextRules, { cabinetCode: long(TEXT_LIMITS.cabinetCode) }).cabinetCode).toEqual([
      tooLongMessage('Cabinet code', 64),
    ]);
    expect(validateAgainst(kitOptionalTextRules, { detailedLocation: long(TEXT_LIMITS.notes) }).detailedLocation).toEqual([
      tooLongMessage('Detailed location', 2000),
    ]);
    expect(validateAgainst(kitOptionalTextRules, { cabinetCode: ['1234'] }).cabinetCode).toEqual(['Cabinet code must be text']);
    expect(validateAgainst(kitOptionalTextRules, {})).toEqual({});
    expect(TEXT_LIMITS).toMatchObject({ name: 100, email: 254, address: 200, notes: 2000, cabinetCode: 64 });
  });

  it('reads a coordinate only from a number or its text', () => {
    expect(parseCoordinate(53.8)).toBe(53.8);
    expect(parseCoordinate(' 53.8 ')).toBe(53.8);
    for (const v of [[53.8], { v: 53.8 }, true, '', 'abc', Infinity]) expect(parseCoordinate(v)).toBeNull();
  });

  it('words type and length failures in one way', () => {
    expect(boundedText('Notes', 5).map((r) => r.message)).toEqual(['Notes must be text', 'Notes must be at most 5 characters']);
    expect(boundedText('Name', 5, { singleLine: true }).map((r) => r.message)).toContain('Name must be on one line');
  });
});
