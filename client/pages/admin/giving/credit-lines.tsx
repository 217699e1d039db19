/**
 * The credits waiting for a decision, from every statement: sure matches (confirmed all at once),
 * likely ones (each confirmed after a look), and unmatched ones (assigned to a campaign as a gift
 * without a pledge, or set aside as not a donation).
 */
import { Check, CircleSlash, HandCoins } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';

type Line = RouterOutputs['statement']['openLines']['lines'][number];

function LineFacts({ line }: { line: Line }) {
  return (
    <div className="giving-line__facts">
      <span className="giving-line__amount">{formatNaira(line.amount)}</span>
      <time dateTime={line.date} className="admin-muted">
        {formatDate(line.date)}
      </time>
      <span className="giving-line__narration">{line.narration}</span>
      {line.pledge && (
        <span className="giving-line__pledge">
          {t('admin.giving.pledgeOf', {
            reference: line.pledge.reference,
            name: line.pledge.name || t('admin.giving.anonymous'),
            amount: formatNaira(line.pledge.amount),
            campaign: line.pledge.campaignTitle,
          })}
        </span>
      )}
    </div>
  );
}

/** Assign to a campaign (with an optional donor name), or set aside. */
function Unmatched({
  line,
  campaigns,
  onDone,
}: {
  line: Line;
  campaigns: { id: string; title: string }[];
  onDone: () => void;
}) {
  const toast = useToast();
  const decide = trpc.statement.decide.useMutation();
  const [campaignId, setCampaignId] = useState('');
  const [name, setName] = useState('');
  const act = async (decision: Parameters<typeof decide.mutateAsync>[0]['decision']) => {
    try {
      const result = await decide.mutateAsync({ id: line.id, decision });
      toast.success(result.message);
      onDone();
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('admin.giving.decideFailed'));
    }
  };
  const label = formatNaira(line.amount);
  return (
    <form
      className="giving-line__decide"
      onSubmit={(event) => {
        event.preventDefault();
        if (campaignId) void act({ action: 'gift', campaignId, name });
      }}
    >
      <label className="field">
        <span className="field__label">{t('admin.giving.campaign')}</span>
        <select
          className="field__control field__control--select"
          value={campaignId}
          onChange={(event) => setCampaignId(event.target.value)}
        >
          <option value="">{t('admin.giving.chooseCampaign')}</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('admin.giving.donorName')}</span>
        <input className="field__control" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="giving-line__buttons">
        <button
          type="submit"
          className="admin-btn admin-btn--primary admin-btn--small"
          disabled={!campaignId || decide.isPending}
          aria-label={t('admin.giving.assignLabel', { amount: label })}
        >
          <HandCoins aria-hidden="true" size={16} />
          {t('admin.giving.assign')}
        </button>
        <button
          type="button"
          className="admin-btn admin-btn--secondary admin-btn--small"
          disabled={decide.isPending}
          aria-label={t('admin.giving.notDonationLabel', { amount: label })}
          onClick={() => void act({ action: 'notDonation' })}
        >
          <CircleSlash aria-hidden="true" size={16} />
          {t('admin.giving.notDonation')}
        </button>
      </div>
    </form>
  );
}

export function CreditLines() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const lines = trpc.statement.openLines.useQuery();
  const campaigns = trpc.campaign.list.useQuery({ order: 'newest' });
  const confirm = trpc.statement.confirm.useMutation();
  const reload = () =>
    Promise.all([utils.statement.invalidate(), utils.pledge.list.invalidate(), utils.gifts.invalidate()]);

  const confirmLines = async (list: Line[]) => {
    // One call per statement: a statement's lines are confirmed together.
    const byStatement = new Map<string, string[]>();
    for (const line of list) byStatement.set(line.statementId, [...(byStatement.get(line.statementId) ?? []), line.id]);
    let confirmed = 0;
    try {
      for (const [id, lineIds] of byStatement) confirmed += (await confirm.mutateAsync({ id, lineIds })).confirmed;
      toast.success(t('admin.giving.confirmedCount', { count: confirmed }));
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('admin.giving.decideFailed'));
    }
    await reload();
  };

  if (lines.isPending) return <Spinner />;
  if (lines.isError) return <LoadError message={t('admin.giving.loadFailed')} onRetry={() => void lines.refetch()} />;
  const all = lines.data.lines;
  const sure = all.filter((l) => l.kind === 'sure' && l.pledge);
  const likely = all.filter((l) => l.kind === 'likely' && l.pledge);
  const unmatched = all.filter((l) => !l.pledge);
  const campaignOptions = (campaigns.data ?? []).map((c) => ({ id: c._id, title: c.title }));

  return (
    <div className="giving-lines">
      <section className="admin-card" aria-labelledby="sure-title">
        <div className="giving-lines__head">
          <h2 id="sure-title" className="admin-section-title">
            {t('admin.giving.sureTitle', { count: sure.length })}
          </h2>
          {sure.length > 0 && (
            <button
              type="button"
              className="admin-btn admin-btn--primary"
              disabled={confirm.isPending}
              onClick={() => void confirmLines(sure)}
            >
              <Check aria-hidden="true" size={16} />
              {t('admin.giving.confirmAll', { count: sure.length })}
            </button>
          )}
        </div>
        {sure.length === 0 ? (
          <p className="admin-muted">{t('admin.giving.noneWaiting')}</p>
        ) : (
          <ul className="giving-line-list">
            {sure.map((line) => (
              <li key={line.id} className="giving-line">
                <LineFacts line={line} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="likely-title">
        <h2 id="likely-title" className="admin-section-title">
          {t('admin.giving.likelyTitle', { count: likely.length })}
        </h2>
        <p className="admin-muted">{t('admin.giving.likelyHelp')}</p>
        {likely.length === 0 ? (
          <p className="admin-muted">{t('admin.giving.noneWaiting')}</p>
        ) : (
          <ul className="giving-line-list">
            {likely.map((line) => (
              <li key={line.id} className="giving-line">
                <LineFacts line={line} />
                <div className="giving-line__buttons">
                  <button
                    type="button"
                    className="admin-btn admin-btn--primary admin-btn--small"
                    disabled={confirm.isPending}
                    aria-label={t('admin.giving.confirmLabel', {
                      amount: formatNaira(line.amount),
                      reference: line.pledge!.reference,
                    })}
                    onClick={() => void confirmLines([line])}
                  >
                    <Check aria-hidden="true" size={16} />
                    {t('admin.giving.confirm')}
                  </button>
                </div>
                <Unmatched line={line} campaigns={campaignOptions} onDone={() => void reload()} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="unmatched-title">
        <h2 id="unmatched-title" className="admin-section-title">
          {t('admin.giving.unmatchedTitle', { count: unmatched.length })}
        </h2>
        {unmatched.length === 0 ? (
          <p className="admin-muted">{t('admin.giving.noneWaiting')}</p>
        ) : (
          <ul className="giving-line-list">
            {unmatched.map((line) => (
              <li key={line.id} className="giving-line">
                <LineFacts line={line} />
                <Unmatched line={line} campaigns={campaignOptions} onDone={() => void reload()} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
