import { ADMIN_PERMISSION_MESSAGE } from '@/components/admin-only-page';
/** The Verification Management page's texts (spec: admin side §2, §5, §8). */
export const VERIFICATION_TEXTS = {
  title: 'Verification Management',
  permission: ADMIN_PERMISSION_MESSAGE,
  allUpToDate: 'All kits up to date',
  emptyAll: 'No kits requiring verification found',
  emptyOverdue: 'No overdue kits found.',
  emptyUpcoming: 'No upcoming verifications found.',
  refreshed: 'Data Refreshed',
  previewGenerated: 'Email Preview Generated',
  emailRequired: { title: 'Email Required', description: 'Please enter an email address to send the test to.' },
  sent: 'Email Sent Successfully',
  notSent: { title: 'Email Not Sent', fallback: 'There was an error sending the email.' },
  failed: { title: 'Email Failed', description: 'Could not send the email. Check server logs for details.' },
  systemError: { title: 'System Error', description: 'An unexpected error occurred while trying to send the email.' },
} as const;

/** Shown when the preview call fails: the spec falls back to a default preview, silently. */
export function defaultPreview(to: string) {
  return {
    to,
    subject: 'Bleed kit verification due',
    contentPreview:
      'Dear custodian, your bleed kit is due for its six-monthly verification. Please check that the cabinet is accessible, the kit is present and its seal is intact, then record the check from your dashboard.',
    note: 'Default preview: the e-mail service could not render the template just now.',
  };
}
