/**
 * The pledge page's "After you transfer" box, under the transfer details of a pending pledge: what
 * happens next in three steps, how long confirming usually takes (Settings' working days), to keep
 * this page, what to do when something went differently (paid late, another amount, the reference
 * lost), and how to reach the foundation.
 */
import { Link } from 'wouter';
import { formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { PLEDGE_LOOKUP_PAGE } from '../../../shared/pledge-lookup';

export function AfterTransfer({
  amount,
  reference,
  workingDays,
  contactEmail,
}: {
  amount: number;
  reference: string;
  workingDays: number;
  contactEmail: string;
}) {
  return (
    <section className="panel pledge-after no-print" aria-labelledby="after-transfer-title">
      <h2 id="after-transfer-title" className="pledge-after__title">
        {t('pledgeAfter.title')}
      </h2>
      <ol className="pledge-after__steps">
        <li>{t('pledgeAfter.step1', { amount: formatNaira(amount), reference })}</li>
        <li>{t('pledgeAfter.step2', { days: workingDays })}</li>
        <li>{t('pledgeAfter.step3')}</li>
      </ol>
      <p className="pledge-after__keep">
        <strong>{t('pledgeAfter.keep')}</strong>
      </p>
      <h3 className="pledge-after__subtitle">{t('pledgeAfter.ifTitle')}</h3>
      <dl className="pledge-after__cases">
        <div>
          <dt>{t('pledgeAfter.lateTitle')}</dt>
          <dd>{t('pledgeAfter.late')}</dd>
        </div>
        <div>
          <dt>{t('pledgeAfter.differentTitle')}</dt>
          <dd>{t('pledgeAfter.different')}</dd>
        </div>
        <div>
          <dt>{t('pledgeAfter.lostTitle')}</dt>
          <dd>
            <p>{t('pledgeAfter.lost')}</p>
            <Link to={PLEDGE_LOOKUP_PAGE}>{t('pledgeLookup.link')}</Link>
          </dd>
        </div>
      </dl>
      <p className="pledge-after__contact">{t('pledgeAfter.questions')}</p>
      <p className="pledge-after__ways">
        <Link to="/contact" className="btn btn--secondary btn--small">
          {t('pledgeAfter.contactLink')}
        </Link>
        <a href={`mailto:${contactEmail}`} className="pledge-after__email">
          {contactEmail}
        </a>
      </p>
    </section>
  );
}
