import type { EmailTemplateVariable } from '@bleedkits/contracts';

/** Example values the preview and test e-mails fill in, so an admin sees a realistic message. */
const SAMPLES: Record<string, string> = {
  custodianName: 'Jane Smith',
  serialNumber: 'BK-2024-0042',
  locationName: 'Village Hall',
  addressLine1: '1 High Street',
  city: 'Anytown',
  postcode: 'AB1 2CD',
  lastVerifiedDate: '1 March 2025',
  dueDate: '1 September 2025',
  name: 'Sam Taylor',
  email: 'sam.taylor@example.org',
  subject: 'Kit at the library',
  message: 'Hello, I would like to know how to register the kit at our library.',
  firstName: 'Jane',
  resetUrl: 'https://example.org/reset-password?token=example',
  expiresInMinutes: '60',
  deployedAt: '12 May 2025, 14:30',
  notes: 'Used by a first aider at the match.',
  dashboardUrl: 'https://example.org/dashboard',
  adminUrl: 'https://example.org/admin/verification',
  overdueCount: '3',
  dueSoonCount: '7',
  longDeployedCount: '1',
};

export function sampleValues(variables: readonly EmailTemplateVariable[]): Record<string, string> {
  // year and date are filled in by the server when left out.
  return Object.fromEntries(variables.filter((v) => v.name !== 'year' && v.name !== 'date').map((v) => [v.name, SAMPLES[v.name] ?? `[${v.name}]`]));
}
