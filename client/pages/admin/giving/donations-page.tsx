/**
 * /admin/donations (finance and admins): reconcile the bank's statements with pledges, handle
 * pledges, and export gifts as CSV.
 */
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { t } from '../../../../shared/messages';
import { Download } from '../../../components/icons/download';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { downloadWithToken } from '../lib/download';
import { SubmissionTabs } from '../submissions/submission-tabs';
import { CreditLines } from './credit-lines';
import { PledgesPanel } from './pledges-panel';
import { StatementImport } from './statement-import';

type Tab = 'reconcile' | 'pledges';

export function DonationsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  // ?pledge=<reference> (the activity trail's link to a pledge) opens the Pledges tab searched for it.
  const [search] = useSearchParams();
  const pledge = search.get('pledge')?.slice(0, 100) ?? '';
  const [tab, setTab] = useState<Tab>(pledge ? 'pledges' : 'reconcile');
  const [exporting, setExporting] = useState(false);

  const exportGifts = async () => {
    setExporting(true);
    try {
      await downloadWithToken('/api/gifts.csv', 'gifts.csv');
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message || t('gifts.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <AdminPage
      title={t('admin.giving.title')}
      actions={
        <button
          type="button"
          className="btn btn--staff btn--secondary"
          disabled={exporting}
          onClick={() => void exportGifts()}
        >
          <Download aria-hidden="true" size={16} />
          {t('admin.giving.export')}
        </button>
      }
    >
      <SubmissionTabs
        label={t('admin.giving.title')}
        tabs={[
          { key: 'reconcile', label: t('admin.giving.tab.reconcile') },
          { key: 'pledges', label: t('admin.giving.tab.pledges') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'reconcile' ? (
          <div className="giving-reconcile">
            <StatementImport onImported={() => void utils.statement.invalidate()} />
            <CreditLines />
          </div>
        ) : (
          <PledgesPanel initialSearch={pledge} />
        )}
      </SubmissionTabs>
    </AdminPage>
  );
}
