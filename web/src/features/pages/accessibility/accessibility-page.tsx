import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { ExternalLink, InternalLink } from '../components/links';
import { BulletList, Para, PageSection } from '../components/page-section';
import { contactHref, ContactSubjects } from '../contact/contact-link';

/** When the statement was last reviewed; update it with the statement. */
export const STATEMENT_REVIEWED = '23 November 2026';

/**
 * The accessibility statement, in the form UK public-sector sites use (the model statement of the Public Sector
 * Bodies Accessibility Regulations 2018): how accessible the site is, what is not, how to report a problem.
 */
export function AccessibilityPage() {
  return (
    <InfoPage
      title="Accessibility Statement"
      heading={`Accessibility statement for ${SITE.name}`}
      description={`How accessible ${SITE.name} is, its known limitations, and how to report a problem.`}
      lead="We want as many people as possible to be able to find a bleed kit quickly, whatever device or assistive technology they use."
    >
      <PageSection title="Using this website">
        <Para>This website is run by {SITE.name}, a registered charity. You should be able to:</Para>
        <BulletList
          items={[
            'zoom in up to 400% without the text spilling off the screen, and use the site on a phone from 320 pixels wide without scrolling sideways',
            'navigate every page, form and dialog using just a keyboard, with a visible focus indicator',
            'hear search results announced by a screen reader: how many kits were found and which is nearest',
            'find kits by postcode, address, what3words or your own position, and get directions in your maps app',
            'use the kit finder with no signal, from the copy of the public kit list that your browser keeps',
          ]}
        />
        <Para>
          <ExternalLink href="https://mcmw.abilitynet.org.uk/">AbilityNet</ExternalLink> has advice on making your device easier to use if you have a
          disability.
        </Para>
      </PageSection>

      <PageSection title="How accessible this website is">
        <Para>We know some parts of this website are not fully accessible:</Para>
        <BulletList
          items={[
            'the Google map is hard to use with a keyboard or a screen reader, and its pins and heatmap rely on colour; the list of kits beside it gives the same information (name, address, distance, opening hours, whether it is open now and directions) in text',
            'the map is not shown when the map service is unavailable, or with no connection; the list still works',
            'with no connection, only postcodes and postcode districts (such as SW1A) can be searched, not place names or what3words addresses',
          ]}
        />
      </PageSection>

      <PageSection title="Feedback and contact information">
        <Para>
          If you find a problem, or need information on this website in a different format, tell us through our{' '}
          <InternalLink to={contactHref(ContactSubjects.accessibilityProblem)}>contact form</InternalLink>. We will reply within 10 working days.
        </Para>
        <Para>This site is not for emergency use. In an emergency always call 999.</Para>
      </PageSection>

      <PageSection title="Reporting accessibility problems with this website">
        <Para>
          We are always looking to improve the accessibility of this website. If you find any problems not listed on this page, or think we are not
          meeting accessibility requirements,{' '}
          <InternalLink to={contactHref(ContactSubjects.accessibilityProblem)}>report an accessibility problem</InternalLink>.
        </Para>
      </PageSection>

      <PageSection title="Enforcement procedure">
        <Para>
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Equality Act 2010 in England, Scotland and Wales. If you
          are not happy with how we respond to your complaint, contact the{' '}
          <ExternalLink href="https://www.equalityadvisoryservice.com/">Equality Advisory and Support Service (EASS)</ExternalLink>. In Northern
          Ireland, contact the <ExternalLink href="https://www.equalityni.org/">Equality Commission for Northern Ireland</ExternalLink>.
        </Para>
      </PageSection>

      <PageSection title="Technical information about this website's accessibility">
        <Para>
          We are committed to making our website accessible, in line with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA standard.
        </Para>
        <Para>
          <strong>Compliance status:</strong> this website is partially compliant with WCAG 2.2 AA, because of the non-compliances listed below.
        </Para>
      </PageSection>

      <PageSection title="Non-accessible content">
        <BulletList
          items={[
            'The Google map cannot be fully operated by keyboard or screen reader (WCAG 2.1.1 Keyboard, 1.1.1 Non-text content). The list of kits gives the same information.',
            'Map pins and the heatmap use colour to show the kind of kit (WCAG 1.4.1 Use of colour). The legend and the list name each kind in words.',
          ]}
        />
      </PageSection>

      <PageSection title="How we tested this website">
        <Para>
          Every page is checked automatically on each change to the site, signed out, signed in and as an administrator, with dialogs open, using the
          axe-core accessibility engine; the build fails on any serious or critical problem. We also test searching, signing in and registering a kit
          with a keyboard only, and check that no page scrolls sideways at widths from 320 to 1920 pixels.
        </Para>
        <Para>This statement was prepared on 23 November 2026. It was last reviewed on {STATEMENT_REVIEWED}.</Para>
      </PageSection>
    </InfoPage>
  );
}
