import { errorMessages, validateAgainst } from '../validation/rules';
import { BackupMessages, dropboxTokenRules } from './backups';

describe('dropboxTokenRules', () => {
  const check = (token: unknown) => errorMessages(validateAgainst(dropboxTokenRules, { token }));

  it('asks for a token when it is missing or blank', () => {
    expect(check(undefined)).toEqual([BackupMessages.tokenRequired]);
    expect(check('   ')).toEqual([BackupMessages.tokenRequired]);
  });

  it('wants at least 20 characters after trimming', () => {
    expect(check('  short-token-123   ')).toEqual([BackupMessages.tokenTooShort]);
    expect(check('a'.repeat(20))).toEqual([]);
  });

  it('refuses < and >', () => {
    expect(check('sl.abcdefghijklmnopqrstu<script>')).toEqual([BackupMessages.tokenInvalidCharacters]);
    expect(check('<abc>')).toEqual([BackupMessages.tokenTooShort, BackupMessages.tokenInvalidCharacters]);
  });
});
