/** Spec §9: what each amount pays for. */
export const DONATION_IMPACT = [
  { amount: '£25', impact: 'funds database hosting for 3 months' },
  { amount: '£100', impact: 'buys essential kit components' },
  { amount: '£500', impact: 'funds a complete kit deployment' },
] as const;

/** Spec §9: above this, donors are asked to get in touch. */
export const LARGE_DONATION_THRESHOLD = '£1,000';

/**
 * The two external giving pages. These are the providers' own sites: replace them with the charity's
 * fundraising and payment pages once those accounts are set up.
 */
export const EXTERNAL_DONATION_PAGES = {
  givingPlatform: { name: 'JustGiving', url: 'https://www.justgiving.com/' },
  paymentAccount: { name: 'PayPal', url: 'https://www.paypal.com/uk/' },
} as const;
