import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { ExternalLink, InternalLink } from '../components/links';
import { PATHS } from '@/config/paths';

export function PrivacyPolicyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      description={`How ${SITE.name} collects, uses, shares and protects personal data, and your rights under UK data protection law.`}
      lead="How we collect, use and protect your personal data, and the rights you have over it."
    >
      <PageSection title="Who we are">
        <Para>
          {SITE.name} is a registered {CHARITY.legalForm} in {CHARITY.jurisdiction}, established {CHARITY.established}. We are the controller of the
          personal data described in this notice, under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </Para>
      </PageSection>

      <PageSection title="What we collect">
        <BulletList
          items={[
            <>
              <strong>Account details:</strong> your name, email address and password when you create an account. We store passwords only in a form
              that cannot be read back.
            </>,
            <>
              <strong>Kit registrations:</strong> the kit&apos;s serial number, make and model, location (address, postcode, what3words address and
              map position), availability and accessibility information, the custodian&apos;s contact details and, for a locked cabinet, its access
              code.
            </>,
            <>
              <strong>Messages:</strong> your name, email address and what you write when you use the contact form.
            </>,
            <>
              <strong>Searches:</strong> a postcode, address or what3words address you search for, or your position if you ask the map to use your
              location. We use these to find kits near you and do not add them to your account.
            </>,
            <>
              <strong>What your browser stores:</strong> see our <InternalLink to={PATHS.cookiePolicy}>cookie policy</InternalLink>. We use no
              analytics or advertising cookies.
            </>,
          ]}
        />
      </PageSection>

      <PageSection title="How we use it and our lawful bases">
        <BulletList
          items={[
            'To run your account and the kits you register (performing our agreement with you).',
            'To verify registrations, publish verified kits on the public map and share kit information with emergency services, so that kits can be found in an emergency (our legitimate interests and our charitable purposes).',
            `To remind custodians every ${SITE.verificationIntervalMonths} months to check their kits (our legitimate interests).`,
            'To answer messages you send us (our legitimate interests).',
          ]}
        />
      </PageSection>

      <PageSection title="Who can see your information">
        <BulletList
          items={[
            <>
              <strong>The public map</strong> shows a kit&apos;s location, type, availability and accessibility information. It never shows custodian
              contact details or access codes. A custodian can choose not to show a kit on the public map; it then stays registered for emergency
              services only.
            </>,
            <>
              <strong>Ambulance services and a first-responder app</strong> receive registered kit details, including custodian contact details, so
              that they can direct people to kits and contact custodians when needed.
            </>,
            <>
              <strong>Cabinet access codes</strong> are shared only with emergency services.
            </>,
            <>
              <strong>Service providers</strong> who host the site, send our emails and provide mapping and address services process data for us under
              contract and only on our instructions.
            </>,
          ]}
        />
        <Para>We do not sell personal data or use it for marketing by others.</Para>
      </PageSection>

      <PageSection title="How long we keep it">
        <Para>
          We keep account and kit information while your account is open and the kit is registered, and delete or anonymise it when it is no longer
          needed for the purposes above, unless the law requires us to keep it longer. We keep messages for as long as we need them to deal with your
          enquiry.
        </Para>
      </PageSection>

      <PageSection title="Your rights">
        <Para>Under UK data protection law you have the right to:</Para>
        <BulletList
          items={[
            'ask for a copy of the personal data we hold about you;',
            'have inaccurate data corrected, and in some cases have it erased;',
            'object to, or ask us to restrict, how we use your data;',
            'receive data you gave us in a portable format;',
            'withdraw your consent at any time, where we rely on consent.',
          ]}
        />
        <Para>
          You can correct most of your details yourself in your account settings and on your dashboard. To use any of these rights, or with any
          question about this notice, <InternalLink to={PATHS.contact}>contact us</InternalLink>. If you are unhappy with how we have handled your
          data, you can complain to the <ExternalLink href={CHARITY.dataProtectionRegulatorUrl}>{CHARITY.dataProtectionRegulator}</ExternalLink>.
        </Para>
      </PageSection>

      <PageSection title="Changes to this notice">
        <Para>We will update this notice when the way we use personal data changes, and publish the new version on this page.</Para>
      </PageSection>
    </InfoPage>
  );
}
