/**
 * /pledge/{reference}: the donor's page. While pending: the amount, the reference with a copy
 * button, the account with its own, the instruction and a QR code of this page. Once money is
 * received: "Received ₦X on DATE, thank you" and a receipt that prints on its own (print CSS).
 * Expired or cancelled: says so and offers a new reference.
 */
import { Link, useParams } from 'wouter';
import { FOUNDATION } from '../../../shared/constants';
import { formatDate, formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { BankDetails } from '../../components/bank-details';
import { CopyButton } from '../../components/copy-button';
import { Spinner } from '../../components/spinner';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { MessagePage } from './message-page';

type PageData = RouterOutputs['pledge']['page'];

const STATUS_TEXT = {
  pending: 'pledgePage.status.pending',
  confirmed: 'pledgePage.status.confirmed',
  cancelled: 'pledgePage.status.cancelled',
  expired: 'pledgePage.status.expired',
} as const;

/** The reference in two groups of four, easier to read out and type. */
const grouped = (reference: string) => `${reference.slice(0, 4)} ${reference.slice(4)}`;

function Receipt({ data }: { data: PageData }) {
  const { pledge, receipts, foundation } = data;
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('pledgePage.receiptTitle')}</h2>
      <p className="receipt__from">
        <strong>{FOUNDATION.name}</strong>
        <br />
        {foundation.address}
        <br />
        {foundation.email} · {foundation.phone}
      </p>
      <table className="receipt__table">
        <caption className="visually-hidden">{t('pledgePage.receiptTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pledgePage.receiptNumber')}</th>
            <th scope="col">{t('pledgePage.receiptDate')}</th>
            <th scope="col">{t('pledgePage.receiptAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((r) => (
            <tr key={r.receiptNumber}>
              <td>{r.receiptNumber}</td>
              <td>{formatDate(r.receivedOn)}</td>
              <td>{formatNaira(r.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt__facts">
        <div>
          <dt>{t('pledgePage.receiptCampaign')}</dt>
          <dd>{pledge.campaignTitle}</dd>
        </div>
        <div>
          <dt>{t('pledgePage.reference')}</dt>
          <dd>{pledge.reference}</dd>
        </div>
      </dl>
      <p>{t('pledgePage.receiptThanks')}</p>
      <button type="button" className="btn btn--secondary no-print" onClick={() => window.print()}>
        {t('pledgePage.print')}
      </button>
    </section>
  );
}

function PledgeDetail({ data }: { data: PageData }) {
  const { pledge, bank } = data;
  const amount = formatNaira(pledge.amount);
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

        {pledge.status === 'pending' && (
          <div className="panel pledge-page__transfer no-print">
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
        )}
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

        {pledge.status !== 'cancelled' && (
          <img
            className="pledge-page__qr no-print"
            src={`/api/pledges/${pledge.reference}/qr.svg`}
            alt={t('pledgePage.qrLabel')}
            width={160}
            height={160}
            loading="lazy"
          />
        )}
      </div>
    </section>
  );
}

export function PledgePage() {
  const { reference = '' } = useParams();
  const query = trpc.pledge.page.useQuery(
    { reference },
    { retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1, retryOnMount: false },
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
        <Link to="/campaigns" className="btn btn--primary">
          {t('common.backToCampaigns')}
        </Link>
      </MessagePage>
    );
  }
  return <PledgeDetail data={query.data} />;
}
