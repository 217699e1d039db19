/**
 * The credits waiting for a decision, from every statement: sure matches (confirmed all at once),
 * likely ones (each confirmed after a look, the other choices folded under "Other choices"), and
 * unmatched ones (a gift without a pledge to a campaign or to the general fund, a payment of a
 * pledge staff name by its reference, set aside as not a donation, or marked as Paystack paying
 * out online gifts).
 * Then Paystack's recent settlements, which wait for nothing: each says how many online gifts it
 * paid out, and one recognised wrongly can be taken back.
 */
import type { z } from 'zod';
import { formatDate, formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { FieldIssue } from '../../../../shared/schemas/field-paths';
import { lineDecisionInput } from '../../../../shared/schemas/giving';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Check } from '../../../components/icons/check';
import { CircleSlash } from '../../../components/icons/circle-slash';
import { FileText } from '../../../components/icons/file-text';
import { HandCoins } from '../../../components/icons/hand-coins';
import { Landmark } from '../../../components/icons/landmark';
import { RotateCcw } from '../../../components/icons/rotate-ccw';
import { Wallet } from '../../../components/icons/wallet';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';

type Line = RouterOutputs['statement']['openLines']['lines'][number];

/** statement.decide's 'gift' decision: a campaign and, optionally, the donor's name. */
const giftDecision = lineDecisionInput.options[0];
/** statement.decide's 'pledge' decision: the pledge's reference (or id). */
const pledgeDecision = lineDecisionInput.options[1];

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

type Decision = z.input<typeof lineDecisionInput>;

/**
 * statement.decide for one line, with its toast. A refused decision's field errors come back named
 * 'decision.campaignId': `showFieldErrors` gets them named as the form names them.
 */
function useDecide(line: Line, onDone: () => void) {
  const toast = useToast();
  const decide = trpc.statement.decide.useMutation();
  const act = async (decision: Decision, showFieldErrors?: (issues: readonly FieldIssue[]) => void): Promise<void> => {
    try {
      const result = await decide.mutateAsync({ id: line.id, decision });
      toast.success(result.message);
      onDone();
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      showFieldErrors?.(
        refused.fieldErrors.map((issue) => ({ ...issue, path: issue.path.replace(/^decision\./, '') })),
      );
      toast.error(refused.message ?? t('admin.giving.decideFailed'));
    }
  };
  return { act, pending: decide.isPending };
}

/**
 * A gift without a pledge: to a campaign or to the general fund (with an optional donor name), or
 * set aside as not a donation or as a Paystack settlement.
 */
function Unmatched({
  line,
  campaigns,
  onDone,
}: {
  line: Line;
  campaigns: { id: string; title: string }[];
  onDone: () => void;
}) {
  const { act, pending } = useDecide(line, onDone);
  const form = useSchemaForm(giftDecision, {
    // The labels say themselves what is optional ('Donor’s name (optional)').
    requiredMarks: false,
    defaultValues: { action: 'gift', campaignId: '', name: '' },
  });
  const campaignId = form.methods.watch('campaignId');
  const submit = form.methods.handleSubmit((decision) =>
    decision.campaignId ? act(decision, form.showServerErrors) : undefined,
  );
  const toGeneralFund = () =>
    act({ action: 'generalFund', name: form.methods.getValues('name') ?? '' }, form.showServerErrors);
  const label = formatNaira(line.amount);
  const titles = new Map(campaigns.map((c) => [c.id, c.title]));
  return (
    <form className="giving-line__decide" noValidate onSubmit={submit}>
      <div className="giving-line__fields">
        <SelectField
          form={form}
          name="campaignId"
          label={t('admin.giving.campaign')}
          options={campaigns.map((c) => c.id)}
          placeholder={t('admin.giving.chooseCampaign')}
          labelOf={(id) => titles.get(id) ?? id}
        />
        <TextField form={form} name="name" label={t('admin.giving.donorName')} maxLength={100} />
      </div>
      <div className="giving-line__buttons">
        <button
          type="submit"
          className="btn btn--staff btn--dark btn--small"
          disabled={!campaignId || pending}
          aria-label={t('admin.giving.assignLabel', { amount: label })}
        >
          <HandCoins aria-hidden="true" size={16} />
          {t('admin.giving.assign')}
        </button>
        <button
          type="button"
          className="btn btn--staff btn--secondary btn--small"
          disabled={pending}
          aria-label={t('admin.giving.generalFundLabel', { amount: label })}
          onClick={() => void toGeneralFund()}
        >
          <Wallet aria-hidden="true" size={16} />
          {t('admin.giving.generalFund')}
        </button>
        <button
          type="button"
          className="btn btn--staff btn--secondary btn--small"
          disabled={pending}
          aria-label={t('admin.giving.notDonationLabel', { amount: label })}
          onClick={() => void act({ action: 'notDonation' })}
        >
          <CircleSlash aria-hidden="true" size={16} />
          {t('admin.giving.notDonation')}
        </button>
        <button
          type="button"
          className="btn btn--staff btn--secondary btn--small"
          disabled={pending}
          aria-label={t('admin.giving.markSettlementLabel', { amount: label })}
          onClick={() => void act({ action: 'settlement' })}
        >
          <Landmark aria-hidden="true" size={16} />
          {t('admin.giving.markSettlement')}
        </button>
      </div>
    </form>
  );
}

/** A payment of a pledge staff found themselves (the donor gave no reference, or another one). */
function ToPledge({ line, onDone }: { line: Line; onDone: () => void }) {
  const { act, pending } = useDecide(line, onDone);
  const form = useSchemaForm(pledgeDecision, {
    requiredMarks: false,
    defaultValues: { action: 'pledge', pledgeId: '' },
  });
  const pledgeId = form.methods.watch('pledgeId');
  const submit = form.methods.handleSubmit((decision) => act(decision, form.showServerErrors));
  return (
    <form className="giving-line__to-pledge" noValidate onSubmit={submit}>
      <TextField
        form={form}
        name="pledgeId"
        label={t('admin.giving.pledgeReference')}
        maxLength={64}
        autoComplete="off"
      />
      <button
        type="submit"
        className="btn btn--staff btn--secondary btn--small"
        disabled={!pledgeId?.trim() || pending}
        aria-label={t('admin.giving.assignPledgeLabel', { amount: formatNaira(line.amount) })}
      >
        <FileText aria-hidden="true" size={16} />
        {t('admin.giving.assignPledge')}
      </button>
    </form>
  );
}

/** A Paystack settlement: what it paid out, and taking it back to the open credits. */
function Settlement({ line, onDone }: { line: Line; onDone: () => void }) {
  const { act, pending } = useDecide(line, onDone);
  return (
    <>
      <LineFacts line={line} />
      <p className="admin-muted giving-line__settled">
        {line.settledGifts > 0
          ? t('admin.giving.settledGifts', { count: line.settledGifts })
          : t('admin.giving.settledNone')}
      </p>
      <div className="giving-line__buttons">
        <button
          type="button"
          className="btn btn--staff btn--ghost btn--small"
          disabled={pending}
          aria-label={t('admin.giving.notSettlementLabel', { amount: formatNaira(line.amount) })}
          onClick={() => void act({ action: 'open' })}
        >
          <RotateCcw aria-hidden="true" size={16} />
          {t('admin.giving.notSettlement')}
        </button>
      </div>
    </>
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
  // Settlements come with the open lines but wait for no decision.
  const all = lines.data.lines.filter((l) => l.status === 'open');
  const settlements = lines.data.lines.filter((l) => l.status === 'settlement');
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
              className="btn btn--staff btn--dark"
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
                    className="btn btn--staff btn--dark"
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
                {/* One clear action for a likely match; the rest wait under it, for when it is not this pledge's. */}
                <details className="giving-line__more">
                  <summary>{t('admin.giving.otherChoices')}</summary>
                  <div className="giving-line__more-body">
                    <Unmatched line={line} campaigns={campaignOptions} onDone={() => void reload()} />
                    <ToPledge line={line} onDone={() => void reload()} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="unmatched-title">
        <h2 id="unmatched-title" className="admin-section-title">
          {t('admin.giving.unmatchedTitle', { count: unmatched.length })}
        </h2>
        <p className="admin-muted">{t('admin.giving.generalFundHelp')}</p>
        {unmatched.length === 0 ? (
          <p className="admin-muted">{t('admin.giving.noneWaiting')}</p>
        ) : (
          <ul className="giving-line-list">
            {unmatched.map((line) => (
              <li key={line.id} className="giving-line">
                <LineFacts line={line} />
                <Unmatched line={line} campaigns={campaignOptions} onDone={() => void reload()} />
                <ToPledge line={line} onDone={() => void reload()} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="settlements-title">
        <h2 id="settlements-title" className="admin-section-title">
          {t('admin.giving.settlementsTitle', { count: settlements.length })}
        </h2>
        <p className="admin-muted">{t('admin.giving.settlementsHelp')}</p>
        {settlements.length > 0 && (
          <ul className="giving-line-list">
            {settlements.map((line) => (
              <li key={line.id} className="giving-line">
                <Settlement line={line} onDone={() => void reload()} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
