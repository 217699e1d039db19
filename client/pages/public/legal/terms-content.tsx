/** The terms of use text, kept in one place. */
import { Link } from 'wouter';
import { DONATION_SPLIT_KOBO, FOUNDATION } from '../../../../shared/constants';
import type { LegalSection } from './legal-page';

export { TERMS_UPDATED } from './legal-dates';

export const TERMS_INTRO = (
  <p>
    These terms apply to your use of the website of {FOUNDATION.name} (“{FOUNDATION.shortName}”, “we”). By using the
    website you accept them. If you do not agree, please do not use the website.
  </p>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-us',
    title: 'Who we are',
    body: (
      <p>
        {FOUNDATION.name} is a non-profit foundation working with communities in Northern Nigeria. You can reach us at{' '}
        <a href={`mailto:${FOUNDATION.email}`}>{FOUNDATION.email}</a> or through our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
  {
    id: 'donations',
    title: 'Donations',
    body: (
      <>
        <p>
          Donations are made by bank transfer to the accounts shown on campaign pages. Online payment is not yet
          available. Before you transfer, check that the account name is that of the foundation. We will never ask you
          to pay into a personal account or by message.
        </p>
        <p>
          For every ₦1 given, {DONATION_SPLIT_KOBO.campaign} kobo goes to campaigns and{' '}
          {DONATION_SPLIT_KOBO.administration} kobo to administration and maintenance. If a campaign is fully funded or
          cannot go ahead, we use its funds for the closest similar project and say so in its updates. Donations are
          voluntary and, once received, are not refundable except where the law requires or a transfer was made in error
          and is reported to us within 14 days.
        </p>
      </>
    ),
  },
  {
    id: 'campaign-information',
    title: 'Campaign information',
    body: (
      <p>
        We describe campaigns honestly and update them as work progresses. Amounts raised are updated by our staff and
        may lag behind recent transfers. Figures, timelines and photos are given in good faith and may change as
        projects develop.
      </p>
    ),
  },
  {
    id: 'your-submissions',
    title: 'Forms and submissions',
    body: (
      <p>
        When you send a form, you confirm that the information is true and that you may share it. Submitting a
        volunteer, partner or advocate form does not create an agreement; any role or partnership is agreed separately
        in writing. Please do not send sensitive information we have not asked for. Our{' '}
        <Link to="/privacy">Privacy Policy</Link> explains how we handle your data.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not misuse the website: no attempts to break its security, overload it, send automated or misleading
        submissions, or use it for anything unlawful. We may block access that puts the website or other visitors at
        risk.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Our content',
    body: (
      <p>
        The text, logo and illustrations on this website belong to the foundation unless stated otherwise. You may share
        our pages and campaign links freely; please do not copy our name or logo in a way that suggests you speak for
        us. The map of Nigeria is from @svg-maps/nigeria under the CC BY 4.0 licence.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We work to keep the website accurate and available but cannot promise it will always be error-free or
        uninterrupted. To the extent the law allows, we are not liable for losses arising from your use of the website.
        Nothing in these terms limits liability that cannot be limited under Nigerian law.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria, and Nigerian courts have jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes',
    body: <p>We may update these terms. The date at the top shows the latest version, which applies from that date.</p>,
  },
];
