/** The charity's legal standing, stated the same way by the footer, the donate, about, privacy and constitution pages. */
export const CHARITY = {
  legalForm: 'Charitable Incorporated Organisation',
  jurisdiction: 'England and Wales',
  established: 'June 2025',
  /** One sentence, without a registration number: the spec gives none. */
  statusNotice: 'A registered Charitable Incorporated Organisation in England and Wales, established June 2025.',
  regulator: 'Charity Commission for England and Wales',
  regulatorRegisterUrl: 'https://register-of-charities.charitycommission.gov.uk/',
  /** The UK data-protection regulator, named in the privacy notice as the place to complain. */
  dataProtectionRegulator: "Information Commissioner's Office",
  dataProtectionRegulatorUrl: 'https://ico.org.uk/',
} as const;
