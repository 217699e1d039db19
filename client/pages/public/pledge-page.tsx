/**
 * /pledge/{reference}: the donor's page. While pending: the amount, the reference with a copy
 * button, the account with its own, the instruction, what happens after the transfer
 * (pledge-after-transfer.tsx) and a captioned QR code of this page. Once money is received:
 * "Received ₦X on DATE, thank you" and a receipt that prints on its own (print CSS). Expired or
 * cancelled: says so and offers a new reference. Unless cancelled, it offers to share the campaign.
 * A reference that matches nothing leads to "Find my pledge" (/pledge-lookup).
 *
 * Where the site takes payments online, the page also tells how paying online stands
 * (`payment.state`): Paystack sends the donor back here, and the server checks the payment with
 * Paystack each time the page is loaded, so a page that is still confirming reloads itself until
 * it knows. A payment that did not go through offers to try again or to transfer instead.
 */
import { Link, useParams, useSearch } from 'wouter';
import { formatDate, formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { PLEDGE_LOOKUP_PAGE } from '../../../shared/pledge-lookup';
import { BankDetails } from '../../components/bank-details';
import { CopyButton } from '../../components/copy-button';
import { ShareLinks } from '../../components/share-links';
import { Spinner } from '../../components/spinner';
import { type OutputOf, useSiteQuery } from '../../lib/site-data';
import { MessagePage } from './message-page';
import { AfterTransfer } from './pledge-after-transfer';
import { PledgePayForm } from './pledge-pay-form';
import { Receipt } from './pledge-receipt';

type PageData = OutputOf<'pledge.page'>;

/** How often a page confirming a payment asks again, with the script and without it. */
const CONFIRM_EVERY_MS = 4_000;
const CONFIRM_EVERY_S_WITHOUT_SCRIPT = 8;

const STATUS_TEXT = {
  pending: 'pledgePage.status.pending',
  confirmed: 'pledgePage.status.confirmed',
  cancelled: 'pledgePage.status.cancelled',
  expired: 'pledgePage.status.expired',
} as const;

/** The reference in two groups of four, easier to read out and type. */
const grouped = (reference: string) => `${reference.slice(0, 4)} ${reference.slice(4)}`;

/** The reference, the account and the instruction: paying by bank transfer. */
function TransferBox({ data }: { data: PageData }) {
  const { pledge, bank } = data;
  const amount = formatNaira(pledge.amount);
  return (
    <div className="panel pledge-page__transfer no-print" id="transfer">
      <p>{t('pledgePage.instructions', { amount, reference: pledge.reference })}</p>
      <dl className="bank-details">
        <div>
          <dt>{t('pledgePage.reference')}</dt>
          <dd className="bank-details__number">
            <span className="bank-details__digits pledge-page__reference">{pledge.reference}</span>
            <CopyButton value={pledge.reference} label={t('pledgePage.copyReference')} />
          </dd>
        </div>
      </dl>
      <BankDetails account={bank} copyable />
      <p className="muted small">{t('pledgePage.expiresOn', { date: formatDate(pledge.expiresAt) })}</p>
    </div>
  );
}

/** Back from Paystack before it has told us: the page asks again by itself (see PledgePage). */
function PaymentConfirming() {
  return (
    <div className="panel pledge-pay pledge-pay--pending no-print" role="status">
      {/* Without the script nothing asks again: the browser reloads the page. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(CONFIRM_EVERY_S_WITHOUT_SCRIPT)} />
      </noscript>
      <p className="pledge-pay__title">{t('pay.confirming')}</p>
      <p>{t('pay.confirmingText')}</p>
    </div>
  );
}

/** The online payment did not go through (or could not start): try again, or transfer below. */
function PaymentFailed({ data }: { data: PageData }) {
  const { pledge, payment } = data;
  return (
    <section className="panel pledge-pay pledge-pay--failed no-print" aria-labelledby="pay-failed-title">
      <h2 id="pay-failed-title" className="pledge-pay__title">
        {t('pay.didNotGoThrough')}
      </h2>
      <p>{t('pay.didNotGoThroughText')}</p>
      <PledgePayForm
        reference={pledge.reference}
        amount={pledge.amount}
        hasEmail={payment.hasEmail}
        fees={payment.fees}
        submit={t('pay.tryAgain')}
      />
      <p>
        <a href="#transfer">{t('pay.transferInstead')}</a>
      </p>
    </section>
  );
}

/** Not tried online yet: a small offer above the transfer box. */
function PayOnlineOption({ data }: { data: PageData }) {
  const { pledge, payment } = data;
  return (
    <section className="panel pledge-pay no-print" aria-labelledby="pay-online-title">
      <h2 id="pay-online-title" className="pledge-pay__title">
        {t('pay.onlineTitle')}
      </h2>
      <p className="muted small">{t('pay.onlineText')}</p>
      <PledgePayForm
        reference={pledge.reference}
        amount={pledge.amount}
        hasEmail={payment.hasEmail}
        fees={payment.fees}
        submit={t('pay.payNow')}
      />
    </section>
  );
}

/**
 * What the page offers of paying online: to try again after a failure (or a start the server
 * refused, ?pay=failed), to pay now when not tried yet; nothing once paid, while confirming, or
 * when the pledge can no longer be paid.
 */
function onlineOffer(payment: PageData['payment'], payFailed: boolean): 'retry' | 'pay' | undefined {
  if (!payment.available) return undefined;
  if (payment.state === 'failed' || (payment.state === 'none' && payFailed)) return 'retry';
  if (payment.state === 'none') return 'pay';
  return undefined;
}

function PledgeDetail({ data, payFailed }: { data: PageData; payFailed: boolean }) {
  const { pledge, payment } = data;
  const amount = formatNaira(pledge.amount);
  const offer = onlineOffer(payment, payFailed);
  const campaignLink = pledge.campaignId ? `/campaign/${pledge.campaignId}` : '/campaigns';
  const received = pledge.receivedAmount ?? 0;
  return (
    <section className="section pledge-page">
      <div className="container narrow">
        <p className="no-print">
          <Link to={campaignLink} className="link-back">
            {t('pledgePage.backToCampaign')}
          </Link>
        </p>
        <h1>{t('pledgePage.title', { reference: grouped(pledge.reference) })}</h1>
        <p className="pledge-page__for">{t('pledgePage.for', { amount, campaign: pledge.campaignTitle })}</p>
        <p className="pledge-page__status">
          <span className="muted">{t('pledgePage.status')}: </span>
          <strong className={`badge badge--outline badge--${pledge.status}`}>{t(STATUS_TEXT[pledge.status])}</strong>
        </p>

        {received > 0 && pledge.receivedOn && (
          <p className="pledge-page__received" role="status">
            {t('pledgePage.received', { amount: formatNaira(received), date: formatDate(pledge.receivedOn) })}
          </p>
        )}
        {received > 0 && received < pledge.amount && (
          <p>{t('pledgePage.outstanding', { amount: formatNaira(pledge.amount - received) })}</p>
        )}
        {payment.state === 'paid' && pledge.paidOnline && <p className="muted">{t('pay.paidNote')}</p>}

        {payment.state === 'pending' && <PaymentConfirming />}
        {offer === 'retry' && <PaymentFailed data={data} />}
        {offer === 'pay' && <PayOnlineOption data={data} />}

        {pledge.status === 'pending' &&
          payment.state !== 'paid' &&
          // While a payment is being confirmed the transfer is set aside, not gone: Paystack may not answer.
          (payment.state === 'pending' ? (
            <details className="pledge-pay__instead no-print">
              <summary>{t('pay.transferInstead')}</summary>
              <TransferBox data={data} />
            </details>
          ) : (
            <>
              <TransferBox data={data} />
              <AfterTransfer
                amount={pledge.amount - received}
                reference={pledge.reference}
                workingDays={data.giving.confirmWorkingDays}
                contactEmail={data.foundation.email}
              />
            </>
          ))}
        {(pledge.status === 'expired' || pledge.status === 'cancelled') && (
          <div className="panel no-print">
            <p>
              {pledge.status === 'expired'
                ? t('pledgePage.expired', { date: formatDate(pledge.expiresAt) })
                : t('pledgePage.cancelled')}
            </p>
            <Link to={`${campaignLink}#give`} className="btn btn--primary">
              {t('pledgePage.newReference')}
            </Link>
          </div>
        )}

        {data.receipts.length > 0 && <Receipt data={data} />}

        {data.campaignUrl && pledge.status !== 'cancelled' && (
          <section className="pledge-page__share no-print" aria-labelledby="share-title">
            <h2 id="share-title">{t('share.campaignHeading')}</h2>
            <ShareLinks title={pledge.campaignTitle} url={data.campaignUrl} />
          </section>
        )}

        {pledge.status !== 'cancelled' && (
          <figure className="pledge-page__qr-figure no-print">
            <img
              className="pledge-page__qr"
              src={`/api/pledges/${pledge.reference}/qr.svg`}
              alt={t('pledgePage.qrLabel')}
              width={160}
              height={160}
              loading="lazy"
            />
            <figcaption>{t('pledgePage.qrCaption')}</figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}

export function PledgePage() {
  const { reference = '' } = useParams();
  // A payment the server could not start (an HTML form refused) comes back here saying so.
  const payFailed = new URLSearchParams(useSearch()).get('pay') === 'failed';
  const query = useSiteQuery(
    'pledge.page',
    { reference },
    {
      retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1,
      retryOnMount: false,
      // Each load checks the payment with Paystack on the server: asked again until it is known.
      refetchInterval: (q) => (q.state.data?.payment.state === 'pending' ? CONFIRM_EVERY_MS : false),
    },
  );
  if (query.isLoading) {
    return (
      <div className="container section">
        <Spinner label={t('shell.loading')} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <MessagePage title={t('pledge.notFound')} text={t('pledgePage.notFoundText')}>
        <p>{t('pledgeLookup.lostHint')}</p>
        <div className="button-row button-row--center">
          <Link to={PLEDGE_LOOKUP_PAGE} className="btn btn--primary">
            {t('pledgeLookup.link')}
          </Link>
          <Link to="/campaigns" className="btn btn--secondary">
            {t('common.backToCampaigns')}
          </Link>
        </div>
      </MessagePage>
    );
  }
  return <PledgeDetail data={query.data} payFailed={payFailed} />;
}
