/** The courses and the facts the spec fixes: lengths, certificate validity and group size. */
export type Course = {
  name: string;
  duration: string;
  facts: readonly string[];
  summary: string;
  covers: readonly string[];
};

export const COURSES: readonly Course[] = [
  {
    name: 'Emergency First Aid at Work (EFAW)',
    duration: '1 day',
    facts: ['Certificate valid for 3 years'],
    summary: 'The workplace qualification for emergency first aiders in lower-risk workplaces.',
    covers: [
      'The role of a first aider and managing an incident safely',
      'Cardiopulmonary resuscitation (CPR) and using a defibrillator',
      'Caring for an unresponsive casualty and the recovery position',
      'Choking, wounds and bleeding, and shock',
    ],
  },
  {
    name: 'First Aid at Work (FAW)',
    duration: '3 days',
    facts: ['Full workplace qualification'],
    summary: 'For workplaces whose first-aid needs assessment calls for a fully trained first aider.',
    covers: [
      'Everything in the Emergency First Aid at Work course',
      'Injuries to bones, muscles and joints, including suspected spinal injuries',
      'Head, chest and eye injuries, burns and poisoning',
      'Recognising and responding to major illnesses such as heart attack, stroke, asthma and diabetic emergencies',
    ],
  },
  {
    name: 'Catastrophic Bleeding Course',
    duration: '3-4 hours',
    facts: ['Up to 12 people per course'],
    summary: 'A practical course focused on the equipment found in a public bleed control kit.',
    covers: [
      'Recognising life-threatening bleeding and calling 999',
      'Applying direct pressure and a trauma bandage',
      'Applying a tourniquet',
      'Packing a wound with haemostatic dressing',
    ],
  },
  {
    name: 'Community Workshop',
    duration: '1-2 hours',
    facts: ['For community groups, clubs and workplaces'],
    summary: 'An introduction to bleed control for people who live or work near a kit.',
    covers: [
      'What is in a bleed kit and how its cabinet is opened',
      'How to find the nearest kit on the map',
      'What the 999 call handler will ask and tell you',
      'Handling the equipment in a training kit',
    ],
  },
];

export const TRAINING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Do I need training to use a bleed kit?',
    answer:
      'No. Kits contain simple instructions, and the 999 call handler will talk you through what to do. Training gives you the confidence to act quickly and correctly.',
  },
  {
    question: 'Which course is right for my workplace?',
    answer:
      "Your workplace's first-aid needs assessment decides whether you need Emergency First Aid at Work or the full First Aid at Work qualification. If you are unsure, tell us about your workplace when you get in touch and we will help you choose.",
  },
  {
    question: 'How long does a certificate last?',
    answer:
      'An Emergency First Aid at Work certificate is valid for 3 years. Skills fade with time, so we recommend practising regularly in between.',
  },
  {
    question: 'How many people can attend the Catastrophic Bleeding Course?',
    answer: 'Up to 12 people per course, so that everyone gets hands-on practice with the equipment.',
  },
  {
    question: 'How do I book?',
    answer: 'Send us a message through the contact form with the course you are interested in, how many people would attend and where you are based.',
  },
];
