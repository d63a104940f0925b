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
  kitCount: '53',
  moreCount: '3',
  dueKitsUrl: 'https://example.org/dashboard?verification=due',
};

/** Sample lists: a digest's kit lines, one per kit (the preview shows a short list). */
const LIST_SAMPLES: Record<string, string[]> = {
  kits: [
    'BK-2024-0042 – Village Hall, 1 High Street, Anytown AB1 2CD – due 01/09/2025, 12 days overdue – check it: https://example.org/dashboard?verify=42',
    'BK-2024-0043 – Library, 2 Church Lane, Anytown AB1 3EF – due 15/09/2025 – check it: https://example.org/dashboard?verify=43',
  ],
};

export function sampleValues(variables: readonly EmailTemplateVariable[]): Record<string, string | string[]> {
  // year and date are filled in by the server when left out.
  return Object.fromEntries(
    variables.filter((v) => v.name !== 'year' && v.name !== 'date').map((v) => [v.name, LIST_SAMPLES[v.name] ?? SAMPLES[v.name] ?? `[${v.name}]`]),
  );
}
