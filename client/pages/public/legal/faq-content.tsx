/** Questions and answers of /faqs, kept in one place. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DONATION_SPLIT_KOBO, FOUNDATION } from '../../../../shared/constants';

export interface Faq {
  question: string;
  answer: ReactNode;
}

export const FAQS: readonly Faq[] = [
  {
    question: 'How do I donate?',
    answer: (
      <p>
        Choose a campaign on the <Link to="/campaigns">campaigns page</Link> and press “Get my payment reference”.
        Transfer the amount to the account shown, with that reference in the transfer’s narration: we match your gift by
        it, and your pledge page shows your receipt once it arrives. Where a campaign’s page offers “Pay online now”,
        you can pay by card, bank transfer or USSD through Paystack instead, and your receipt shows at once.
      </p>
    ),
  },
  {
    question: 'How much of my donation reaches the project?',
    answer: (
      <p>
        For every ₦1 you give, {DONATION_SPLIT_KOBO.campaign} kobo goes to campaigns and{' '}
        {DONATION_SPLIT_KOBO.administration} kobo to administration and maintenance.
      </p>
    ),
  },
  {
    question: 'Can I get a receipt?',
    answer: (
      <p>
        Yes. Send us the date, amount and reference of your transfer through the <Link to="/contact">contact form</Link>{' '}
        and we will email you an acknowledgement.
      </p>
    ),
  },
  {
    question: 'How do I know the account is genuine?',
    answer: (
      <p>
        Every account we use is in the name of the foundation and is shown on this website. We never ask for money by
        phone, SMS or social media message, and never into a personal account.
      </p>
    ),
  },
  {
    question: 'Where do you work?',
    answer: (
      <p>
        In the 19 northern states, with a focus on rural communities. The map on the <Link to="/">home page</Link> shows
        where our campaigns are.
      </p>
    ),
  },
  {
    question: 'How can I volunteer?',
    answer: (
      <p>
        Fill in the <Link to="/volunteer-form">volunteer form</Link>. We will contact you to match your skills and
        availability to a project near you.
      </p>
    ),
  },
  {
    question: 'Can my company or organisation partner with you?',
    answer: (
      <p>
        Yes — through funding, expertise, resources or in-kind donations. See <Link to="/partner">partner with us</Link>
        .
      </p>
    ),
  },
  {
    question: 'How will I hear how a campaign is going?',
    answer: <p>Each campaign page has an updates section, newest first. You can also subscribe to our newsletter.</p>,
  },
  {
    question: 'How do you use my personal data?',
    answer: (
      <p>
        Only to answer you and run the programme you signed up for. Read our <Link to="/privacy">Privacy Policy</Link>{' '}
        or write to <a href={`mailto:${FOUNDATION.email}`}>{FOUNDATION.email}</a>.
      </p>
    ),
  },
];
