import { PATHS } from '@/config/paths';

/** Subjects other pages pre-fill on the contact form; the form reads them from ?subject=. */
export const ContactSubjects = {
  firstAidTrainingBooking: 'First Aid Training Booking',
  bankTransferDetails: 'Bank Transfer Details',
  largeDonationEnquiry: 'Large Donation Enquiry',
  accessibilityProblem: 'Accessibility Problem',
} as const;
export type ContactSubject = (typeof ContactSubjects)[keyof typeof ContactSubjects];

/** '/contact?subject=Bank%20Transfer%20Details': encodeURIComponent keeps spaces as %20, which links and tests rely on. */
export function contactHref(subject?: ContactSubject): string {
  return subject ? `${PATHS.contact}?subject=${encodeURIComponent(subject)}` : PATHS.contact;
}
