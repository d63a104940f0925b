/** Spec §9: what each amount pays for. */
export const DONATION_IMPACT = [
  { amount: '£25', impact: 'funds database hosting for 3 months' },
  { amount: '£100', impact: 'buys essential kit components' },
  { amount: '£500', impact: 'funds a complete kit deployment' },
] as const;

/** Spec §9: above this, donors are asked to get in touch. */
export const LARGE_DONATION_THRESHOLD = '£1,000';
