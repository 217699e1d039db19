/** The privacy policy text, kept in one place. Written for the Nigeria Data Protection Act 2023 (NDPA). */
import { FOUNDATION } from '../../../../shared/constants';
import type { LegalSection } from './legal-page';

export { PRIVACY_UPDATED } from './legal-dates';

export const PRIVACY_INTRO = (
  <p>
    {FOUNDATION.name} (“{FOUNDATION.shortName}”, “we”) respects your privacy. This policy explains what personal data we
    collect through this website, why, on what lawful basis, how long we keep it and the rights you have under the
    Nigeria Data Protection Act 2023 (NDPA). We are the data controller for the data described here.
  </p>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <p>We only collect what you type into our forms. Each form collects:</p>
        <ul>
          <li>
            <strong>Volunteer application:</strong> first and last name, email, phone, occupation, areas of interest,
            availability, experience and motivation — to match you with a volunteer role and contact you about it.
          </li>
          <li>
            <strong>Partnership application:</strong> organisation name and type, contact person’s name, email and
            phone, partnership types, project interests, the resources you offer and your message — to discuss a
            partnership.
          </li>
          <li>
            <strong>Advocate sign-up:</strong> name, email, and optionally phone, city, state, social media handles and
            experience, your advocacy interests and message — to support you as an advocate.
          </li>
          <li>
            <strong>Contact form:</strong> name, email, phone, subject and message — to answer you.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address — to send you news about our work, once you have confirmed
            it from the mail we send you. Every newsletter mail has a link to unsubscribe in one click.
          </li>
        </ul>
        <p>
          We do not collect card or bank details on this website: donations are made by bank transfer through your own
          bank. Our server keeps short technical logs (such as IP address and time of a request) to keep the site
          secure.
        </p>
      </>
    ),
  },
  {
    id: 'lawful-basis',
    title: 'Lawful basis',
    body: (
      <p>
        We process the data you send through our forms on the basis of your <strong>consent</strong> (NDPA section
        25(1)(a)), which you give by submitting the form. You may withdraw consent at any time; this does not affect
        processing done before you withdrew it. Security logs are kept on the basis of our legitimate interest in
        protecting the website.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who can see your data',
    body: (
      <p>
        Only authorised foundation staff can see submissions, through a password-protected dashboard. We do not sell or
        rent personal data. We share it only with service providers who host our website and database or deliver our
        emails, under written agreements that require them to protect it, or where the law requires us to. If data is
        stored outside Nigeria, we make sure it receives the protection the NDPA requires.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Volunteer, partner and advocate applications: up to 24 months after our last contact with you.</li>
        <li>Contact messages: up to 12 months after we have answered.</li>
        <li>
          Newsletter subscriptions: until you unsubscribe. After that we keep only your address, marked unsubscribed, so
          that we never write to you again — unless you ask us to erase it too.
        </li>
        <li>
          Copies of the emails we send you (your address, the subject and the text): 30 days after they leave, so staff
          can check that a mail arrived; 90 days for one that could not be delivered.
        </li>
        <li>Security logs: up to 90 days.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you and receive a copy;
          </li>
          <li>
            <strong>rectification</strong> of data that is wrong or incomplete;
          </li>
          <li>
            <strong>erasure</strong> of your data when we no longer need it or you withdraw consent;
          </li>
          <li>
            <strong>object</strong> to or restrict processing, including for direct marketing;
          </li>
          <li>
            <strong>data portability</strong>: receive your data in a common machine-readable format or have it sent to
            another organisation;
          </li>
          <li>withdraw your consent at any time.</li>
        </ul>
        <p>We answer requests within 30 days and free of charge.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Data travels over encrypted connections, access to the dashboard is limited to authorised staff, and we review
        who has access regularly. If a breach puts your rights at risk, we will notify the Nigeria Data Protection
        Commission within 72 hours and tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'contact-dpo',
    title: 'Data protection officer',
    body: (
      <p>
        For any privacy question or to exercise your rights, write to our data protection officer at{' '}
        <a href={`mailto:${FOUNDATION.email}?subject=Data%20protection%20request`}>{FOUNDATION.email}</a> with the
        subject “Data protection request”, or use the contact form on this website.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are not satisfied with our answer, you may complain to the Nigeria Data Protection Commission (NDPC), the
        regulator under the NDPA, at <a href="https://ndpc.gov.ng">ndpc.gov.ng</a>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will post any change on this page with a new date. Significant changes will be announced on the home page.
      </p>
    ),
  },
];
