import { VERIFICATION_INTERVAL_MONTHS } from '@bleedkits/contracts';
import { SITE } from './site';

describe('SITE', () => {
  it('reminds custodians at the interval the kits rule uses', () => {
    expect(SITE.verificationIntervalMonths).toBe(VERIFICATION_INTERVAL_MONTHS);
  });
});
