/** The numbers the constitution fixes (spec §9); the text quotes these so a change is made in one place. */
export const CONSTITUTION_LIMITS = {
  minTrustees: 3,
  maxTrustees: 12,
  trusteeTermYears: 3,
  agmNoticeDays: 14,
  trusteeMeetingsPerYear: 3,
  quorumFraction: 'one-third',
  quorumMinimum: 3,
  amendmentMajority: 'two-thirds',
  dissolutionNoticeDays: 21,
} as const;
