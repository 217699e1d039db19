import { Link } from 'wouter';
import { DEFAULT_BANK_NAME, DONATION_SPLIT_KOBO } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { PLEDGE_LOOKUP_PAGE } from '../../../shared/pledge-lookup';
import { BankDetails } from '../../components/bank-details';
import { Landmark } from '../../components/icons/landmark';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useSiteQuery } from '../../lib/site-data';

/**
 * The general account and the way to campaigns. Giving online happens on a campaign's page (its
 * give panel), so where the site takes payments online the lead says so; otherwise it says online
 * giving is still to come.
 */
export function DonatePage() {
  const settings = useSiteQuery('settings.public', undefined, { staleTime: Number.POSITIVE_INFINITY });
  const online = settings.data?.online.enabled === true;
  return (
    <>
      <PageHeader title={t('donate.title')} lead={t(online ? 'pay.donateLead' : 'donate.comingSoon')} />
      <section className="section">
        <div className="container split split--top">
          <div className="prose">
            <p>{t(online ? 'pay.donateText' : 'donate.text')}</p>
            <Link to="/campaigns" className="btn btn--primary btn--large">
              {t('donate.chooseCampaign')}
            </Link>
            {/* A donor who pledged and lost the reference: its links are mailed to the pledge's email. */}
            <p className="muted pledge-lookup__hint">
              {t('pledgeLookup.lostHint')} <Link to={PLEDGE_LOOKUP_PAGE}>{t('pledgeLookup.link')}</Link>
            </p>
          </div>
          <div className="panel">
            <h2 className="panel__title">
              <Landmark aria-hidden="true" size={22} />
              {t('donate.generalTitle')}
            </h2>
            <p>{t('donate.generalText')}</p>
            {settings.data ? (
              <BankDetails account={settings.data.bank} copyable />
            ) : settings.isError ? (
              <p>{DEFAULT_BANK_NAME}</p>
            ) : (
              <Spinner label={t('shell.loading')} />
            )}
            <p className="muted small">{t('detail.splitText', DONATION_SPLIT_KOBO)}</p>
          </div>
        </div>
      </section>
    </>
  );
}
