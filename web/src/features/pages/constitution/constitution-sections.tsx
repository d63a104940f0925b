import type { ReactNode } from 'react';
import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { BulletList, Para } from '../components/page-section';
import { CONSTITUTION_LIMITS as L } from './constitution-limits';

export type ConstitutionSection = { title: string; body: ReactNode };

/**
 * The sixteen sections, in order; their number is their position. The spec names fifteen; 'Interpretation' is the
 * sixteenth, closing the document as the Charity Commission's model CIO constitutions do, so the terms used above
 * (the Commission, the Charities Act, connected person) are defined.
 */
export const CONSTITUTION_SECTIONS: readonly ConstitutionSection[] = [
  {
    title: 'Name',
    body: (
      <Para>
        The name of the {CHARITY.legalForm} (&quot;the CIO&quot;) is {SITE.name}.
      </Para>
    ),
  },
  {
    title: 'National location of principal office',
    body: <Para>The principal office of the CIO is in {CHARITY.jurisdiction}, at the address recorded for it in the register of charities.</Para>,
  },
  {
    title: 'Objects',
    body: (
      <>
        <Para>The objects of the CIO are, for the public benefit, to preserve life and protect health by:</Para>
        <BulletList
          unmarked
          items={[
            '(a) mapping and maintaining a national register of emergency bleed control kits that are available for public use;',
            '(b) sharing information about registered kits with ambulance services and a first-responder app, so that people facing a life-threatening bleed can be directed to the nearest kit;',
            '(c) raising funds for the purchase, placement and maintenance of bleed control kits and cabinets;',
            '(d) raising awareness of bleed control kits and of how to use them, including through first aid education and training;',
            '(e) working with ambulance services and other emergency services to improve the response to catastrophic bleeding.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Powers',
    body: (
      <>
        <Para>
          The CIO has power to do anything which is calculated to further its objects or is conducive or incidental to doing so. In particular, the
          CIO has power to:
        </Para>
        <BulletList
          unmarked
          items={[
            '(a) buy, lease, hire or otherwise acquire, maintain and dispose of equipment, including bleed control kits and cabinets;',
            '(b) enter into agreements with ambulance services, other public bodies and organisations for the sharing of information in furtherance of the objects;',
            '(c) raise funds, provided that it does not undertake any taxable permanent trading activity;',
            '(d) borrow money and charge its property, subject to the restrictions of the Charities Act;',
            '(e) employ and pay staff and engage volunteers and contractors;',
            '(f) deposit or invest its funds, and insure its property and the charity trustees as permitted by law;',
            '(g) co-operate with other charities and bodies with similar purposes.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Application of income and property',
    body: (
      <>
        <Para>
          The income and property of the CIO must be applied solely towards the promotion of the objects. A charity trustee is entitled to be
          reimbursed from the property of the CIO for reasonable expenses properly incurred when acting on behalf of the CIO.
        </Para>
        <Para>
          None of the income or property of the CIO may be paid or transferred directly or indirectly by way of dividend, bonus or otherwise by way of
          profit to any member of the CIO, except as permitted by this constitution.
        </Para>
      </>
    ),
  },
  {
    title: 'Benefits and payments to charity trustees and connected persons',
    body: (
      <>
        <Para>
          No charity trustee or connected person may receive any benefit, in money or in kind, from the CIO, buy goods or services from it on terms
          preferential to those offered to the public, or hold an interest in its property, except:
        </Para>
        <BulletList
          unmarked
          items={[
            '(a) reimbursement of reasonable expenses as set out in section 5;',
            '(b) the premium of indemnity insurance for the charity trustees, as permitted by the Charities Act;',
            '(c) a benefit received as a beneficiary of the CIO on the same terms as other beneficiaries;',
            '(d) payment for goods or services supplied to the CIO where this is authorised by the Charities Act and the charity trustees follow its conditions.',
          ]}
        />
      </>
    ),
  },
  {
    title: 'Conflicts of interest and conflicts of loyalty',
    body: (
      <Para>
        A charity trustee must declare the nature and extent of any interest, direct or indirect, in a proposed transaction or arrangement with the
        CIO, and any other conflict of interest or loyalty, before the matter is discussed. A conflicted trustee must withdraw from the part of the
        meeting at which the matter is discussed, unless expressly invited to stay to provide information, and must not be counted in the quorum or
        vote on it.
      </Para>
    ),
  },
  {
    title: 'Liability of members to contribute to the assets of the CIO if it is wound up',
    body: (
      <Para>
        If the CIO is wound up, the members of the CIO have no liability to contribute to its assets and no personal responsibility for settling its
        debts and liabilities.
      </Para>
    ),
  },
  {
    title: 'Membership',
    body: (
      <>
        <Para>
          The members of the CIO are its charity trustees and any other individual aged 18 or over, or organisation, that supports the objects and
          whose application for membership is accepted by the charity trustees. The charity trustees may refuse an application if they reasonably
          consider it in the best interests of the CIO, and must tell the applicant the reason.
        </Para>
        <Para>
          Membership is not transferable. It ends when a member resigns by written notice, dies or (for an organisation) ceases to exist, or is
          removed by a resolution of the charity trustees after the member has had an opportunity to be heard.
        </Para>
      </>
    ),
  },
  {
    title: 'Charity trustees',
    body: (
      <>
        <Para>
          The charity trustees manage the affairs of the CIO and may exercise all its powers. There must be at least {L.minTrustees} and no more than{' '}
          {L.maxTrustees} charity trustees.
        </Para>
        <Para>
          Charity trustees are appointed at the annual general meeting or by a resolution of the charity trustees, and serve a term of{' '}
          {L.trusteeTermYears} years. A retiring trustee may be reappointed. A charity trustee must be aged 18 or over and must not be disqualified
          from acting as a charity trustee under the Charities Act.
        </Para>
        <Para>
          If the number of charity trustees falls below {L.minTrustees}, the remaining trustees may act only to appoint new trustees or to call a
          general meeting for that purpose.
        </Para>
      </>
    ),
  },
  {
    title: 'Meetings',
    body: (
      <>
        <Para>
          The CIO must hold an annual general meeting of its members in each calendar year. At least {L.agmNoticeDays} clear days&apos; notice of the
          annual general meeting, and of any other general meeting, must be given to all members.
        </Para>
        <Para>
          The charity trustees must meet at least {L.trusteeMeetingsPerYear} times a year. The quorum for a meeting of the charity trustees is{' '}
          {L.quorumFraction} of the charity trustees or {L.quorumMinimum}, whichever is greater.
        </Para>
        <Para>
          Decisions are taken by a majority of the votes cast; if the votes are equal, the person chairing the meeting has a casting vote. Meetings
          may be held in person or by any suitable electronic means through which all participants can communicate with each other.
        </Para>
      </>
    ),
  },
  {
    title: 'Records and accounts',
    body: (
      <Para>
        The charity trustees must comply with the requirements of the Charities Act on keeping accounting records, preparing annual statements of
        account and annual reports, and sending annual returns to the Commission. The CIO must keep registers of its members and charity trustees, and
        minutes of all general meetings and meetings of the charity trustees.
      </Para>
    ),
  },
  {
    title: 'Amendment of constitution',
    body: (
      <>
        <Para>
          This constitution may be amended by a resolution agreed either by all the charity trustees in writing or by a {L.amendmentMajority} majority
          of those voting at a general meeting, subject to any greater majority the Charities Act requires.
        </Para>
        <Para>
          No amendment that would make the CIO cease to be a charity may be made. An amendment to the objects, to the use of property on dissolution
          or to the provisions on benefits to charity trustees needs the prior written consent of the Commission, and no amendment takes effect until
          it has been registered by the Commission.
        </Para>
      </>
    ),
  },
  {
    title: 'Voluntary winding up or dissolution',
    body: (
      <>
        <Para>
          The CIO may be dissolved by a resolution of its members passed at a general meeting of which at least {L.dissolutionNoticeDays} days&apos;
          notice has been given, stating the proposal to dissolve.
        </Para>
        <Para>
          Any property remaining after the CIO&apos;s debts and liabilities have been met must be applied for charitable purposes the same as, or
          similar to, the objects of the CIO. The charity trustees must follow the procedure in the dissolution regulations and tell the Commission
          that the CIO has been dissolved.
        </Para>
      </>
    ),
  },
  {
    title: 'Execution of documents',
    body: (
      <Para>
        The CIO executes documents by signature or by affixing its seal, if it has one. A document is validly executed by signature if it is signed by
        at least two of the charity trustees.
      </Para>
    ),
  },
  {
    title: 'Interpretation',
    body: (
      <>
        <Para>In this constitution:</Para>
        <BulletList
          items={[
            '“the CIO” means the Charitable Incorporated Organisation named in section 1;',
            `“the Commission” means the ${CHARITY.regulator};`,
            '“the Charities Act” means the Charities Act 2011;',
            '“the dissolution regulations” means the Charitable Incorporated Organisations (Insolvency and Dissolution) Regulations 2012;',
            '“charity trustee” means a charity trustee of the CIO;',
            '“connected person” has the meaning given in the Charities Act, and includes a charity trustee’s close family members and businesses they control;',
            '“clear days” excludes the day on which notice is given and the day of the meeting.',
          ]}
        />
        <Para>Words and expressions defined in the Charities Act have the same meaning in this constitution.</Para>
      </>
    ),
  },
];
