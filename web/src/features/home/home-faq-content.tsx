import type { ReactNode } from 'react';
import { SITE } from '@/config/site';

export type FaqEntry = { question: string; answer: ReactNode };

/** The five questions the spec requires, in its order. */
export const HOME_FAQ: readonly FaqEntry[] = [
  {
    question: 'How do I register a bleed kit?',
    answer: (
      <p>
        Sign in or create an account, choose <strong>Register a Kit</strong> and complete the form. If you look after several kits, you can also
        upload them together as a CSV file from your dashboard.
      </p>
    ),
  },
  {
    question: 'What information do I need to register a kit?',
    answer: (
      <>
        <p>The registration form asks for:</p>
        <ul>
          <li>the kit&apos;s serial number;</li>
          <li>the kit make/model;</li>
          <li>location details: the address, postcode and what3words address;</li>
          <li>accessibility information: who can reach the kit and when;</li>
          <li>custodian contact details, which are never shown on the public map;</li>
          <li>for a locked cabinet, the cabinet access code, which is shared only with emergency services.</li>
        </ul>
      </>
    ),
  },
  {
    question: 'Why should I register my bleed kit?',
    answer: (
      <p>
        A kit can only save a life if people can find it. Registered kits appear on the public map and are shared with ambulance services and a
        first-responder app, so a 999 call handler can direct a caller to the nearest kit.
      </p>
    ),
  },
  {
    question: 'How are kits verified?',
    answer: (
      <p>
        Every submitted kit is verified by our admin team before it appears on the public map. After that, custodians receive a reminder every{' '}
        {SITE.verificationIntervalMonths} months to check that the kit is still in place, complete and in date.
      </p>
    ),
  },
  {
    question: 'Do I need to register my kit separately with each regional ambulance service?',
    answer: (
      <p>
        No. One registration here is shared with all ambulance services across the UK, so there is no need to register with each regional service
        separately.
      </p>
    ),
  },
];
