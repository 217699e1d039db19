/**
 * Pledges, newest first, a page at a time: filter by status, search by reference, name, phone or
 * email. Record a payment (a part payment leaves the rest outstanding), cancel an unpaid pledge,
 * or reopen one (its payments are taken back and a new period starts). A pledge paid online shows
 * how (card, transfer…), Paystack's fee and what reaches the bank, flagged when finance should look.
 */
import { useEffect, useState } from 'react';
import { formatAgo, formatNaira } from '../../../../shared/format';
import { lagosToday } from '../../../../shared/lagos-time';
import { t } from '../../../../shared/messages';
import {
  PLEDGE_STATUSES,
  type PledgeStatus,
  pledgeListQuery,
  pledgeUpdateInput,
} from '../../../../shared/schemas/giving';
import { PAGE_SIZE } from '../../../../shared/schemas/pages';
import { controlAria, fieldState } from '../../../components/form/field-parts';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Check } from '../../../components/icons/check';
import { RotateCcw } from '../../../components/icons/rotate-ccw';
import { Search } from '../../../components/icons/search';
import { X } from '../../../components/icons/x';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';

type Pledge = RouterOutputs['pledge']['list']['items'][number];

const STATUS_LABELS = {
  pending: 'admin.giving.status.pending',
  confirmed: 'admin.giving.status.confirmed',
  cancelled: 'admin.giving.status.cancelled',
  expired: 'admin.giving.status.expired',
} as const;
const BADGE: Record<PledgeStatus, string> = {
  pending: 'badge--pending',
  confirmed: 'badge--confirmed',
  cancelled: 'badge--danger',
  expired: 'badge--danger',
};
/** Paystack's channels finance meets most; any other (QR, mobile money…) reads as "Online". */
const CHANNEL_LABELS = {
  card: 'admin.giving.channel.card',
  bank_transfer: 'admin.giving.channel.bankTransfer',
  ussd: 'admin.giving.channel.ussd',
  bank: 'admin.giving.channel.bank',
} as const;
const channelLabel = (channel: string) =>
  t(
    Object.hasOwn(CHANNEL_LABELS, channel)
      ? CHANNEL_LABELS[channel as keyof typeof CHANNEL_LABELS]
      : 'admin.giving.channel.other',
  );

/** How an online payment went: the channel, the fee and the net, and why to look at it, if anything. */
function OnlinePayment({ online }: { online: NonNullable<Pledge['online']> }) {
  return (
    <>
      <span className="admin-muted giving-online">
        {t('admin.giving.onlineFacts', {
          channel: channelLabel(online.channel),
          fee: formatNaira(online.feeKobo / 100),
          net: formatNaira(online.netKobo / 100),
        })}
      </span>
      {online.review !== null && (
        <span className="badge badge--danger giving-review">{t('admin.giving.review', { why: online.review })}</span>
      )}
    </>
  );
}

/** A payment recorded by hand: pledge.update's input, with the amount and the day both asked for. */
const paymentInput = pledgeUpdateInput.required({ amountReceived: true, receivedOn: true });
/** The list's filters, as pledge.list reads them. */
const pledgeFilters = pledgeListQuery.pick({ q: true, status: true });

/** The server names the fields of pledge.update's `data` as 'data.amountReceived'. */
const underData = (issues: { path: string; message: string }[]) =>
  issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') }));

/** The payment form under a pledge: amount received (what is outstanding unless changed) and the day. */
function PaymentForm({ pledge, onDone, onCancel }: { pledge: Pledge; onDone: () => void; onCancel: () => void }) {
  const toast = useToast();
  const update = trpc.pledge.update.useMutation();
  const form = useSchemaForm(paymentInput, {
    // The labels are the dashboard's own, unmarked: both fields are needed to record a payment.
    requiredMarks: false,
    defaultValues: {
      status: 'confirmed',
      amountReceived: String(pledge.outstanding || pledge.amount),
      receivedOn: lagosToday(),
    },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.methods.handleSubmit(async (data) => {
    setError(null);
    try {
      const result = await update.mutateAsync({ id: pledge.id, data });
      toast.success(result.message);
      onDone();
    } catch (failure) {
      const refused = readServerError(failure);
      if (refused.status === 401) return;
      form.showServerErrors(underData(refused.fieldErrors));
      setError(refused.message ?? t('admin.giving.decideFailed'));
    }
  });
  return (
    <form
      className="giving-payment"
      aria-label={t('admin.giving.paymentFor', { reference: pledge.reference })}
      noValidate
      onSubmit={submit}
    >
      <TextField form={form} name="amountReceived" label={t('admin.giving.amountReceived')} inputMode="numeric" />
      <TextField form={form} name="receivedOn" label={t('admin.giving.receivedOn')} type="date" max={lagosToday()} />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="giving-line__buttons">
        <button type="submit" className="btn btn--staff btn--dark btn--small" disabled={update.isPending}>
          {t('admin.giving.recordPayment')}
        </button>
        <button type="button" className="btn btn--staff btn--ghost btn--small" onClick={onCancel}>
          {t('admin.submissions.cancel')}
        </button>
      </div>
    </form>
  );
}

export function PledgesPanel({ initialSearch = '' }: { initialSearch?: string }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const filters = useSchemaForm(pledgeFilters, { requiredMarks: false, defaultValues: { q: initialSearch } });
  const status = filters.methods.watch('status');
  const text = filters.methods.watch('q') ?? '';
  const [q, setQ] = useState(initialSearch);
  const search = fieldState(filters, 'q');
  const [paying, setPaying] = useState<string | null>(null);
  const [toChange, setToChange] = useState<{ pledge: Pledge; status: 'cancelled' | 'pending' } | null>(null);
  const update = trpc.pledge.update.useMutation();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const pages = trpc.pledge.list.useInfiniteQuery(
    { limit: PAGE_SIZE.default, ...(status ? { status } : {}), ...(q ? { q } : {}) },
    { getNextPageParam: (last) => last.next ?? undefined },
  );
  const reload = () =>
    Promise.all([utils.pledge.list.invalidate(), utils.gifts.invalidate(), utils.statement.invalidate()]);

  const change = async () => {
    if (!toChange) return;
    try {
      const result = await update.mutateAsync({ id: toChange.pledge.id, data: { status: toChange.status } });
      toast.success(result.message);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('admin.giving.decideFailed'));
    } finally {
      setToChange(null);
      await reload();
    }
  };

  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label={t('admin.giving.pledgesTitle')}>
      <search className="admin-filters admin-filters--inline">
        <label className="field admin-filters__search">
          <span className="field__label">{t('admin.giving.searchPledges')}</span>
          <span className="admin-search">
            <Search aria-hidden="true" size={16} />
            <input
              {...filters.methods.register('q')}
              {...controlAria(search)}
              type="search"
              className="field__control"
              maxLength={100}
            />
          </span>
        </label>
        <SelectField
          form={filters}
          name="status"
          label={t('admin.giving.statusFilter')}
          options={PLEDGE_STATUSES}
          placeholder={t('admin.giving.anyStatus')}
          labelOf={(s) => t(STATUS_LABELS[s as PledgeStatus])}
        />
      </search>
      {pages.isPending && <Spinner />}
      {pages.isError && <LoadError message={t('admin.giving.loadFailed')} onRetry={() => void pages.refetch()} />}
      {pages.data && items.length === 0 && <p className="admin-muted">{t('admin.giving.noPledges')}</p>}
      {items.length > 0 && (
        <div className="admin-card table-wrap">
          <table className="table table--people">
            <caption className="visually-hidden">{t('admin.giving.pledgesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.giving.donor')}</th>
                <th scope="col">{t('admin.giving.reference')}</th>
                <th scope="col">{t('admin.giving.campaign')}</th>
                <th scope="col">{t('admin.giving.amount')}</th>
                <th scope="col">{t('admin.giving.statusFilter')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="table__title">
                    <span className="admin-user__name">{p.name || t('admin.giving.anonymous')}</span>
                    {p.anonymous && p.name && <span className="badge">{t('admin.giving.anonymous')}</span>}
                    <span className="admin-muted admin-user__email">
                      {[p.phone, p.email].filter(Boolean).join(' · ')}
                    </span>
                    <span className="admin-muted">{formatAgo(p.createdAt)}</span>
                  </th>
                  <td data-label={t('admin.giving.reference')}>
                    <code>{p.reference}</code>
                  </td>
                  <td data-label={t('admin.giving.campaign')}>{p.campaignTitle}</td>
                  <td data-label={t('admin.giving.amount')}>
                    {formatNaira(p.amount)}
                    {p.receivedAmount > 0 && (
                      <span className="admin-muted giving-received">
                        {t('admin.giving.receivedOf', {
                          received: formatNaira(p.receivedAmount),
                          outstanding: formatNaira(p.outstanding),
                        })}
                      </span>
                    )}
                    {p.online && <OnlinePayment online={p.online} />}
                  </td>
                  <td data-label={t('admin.giving.statusFilter')}>
                    <span className={`badge ${BADGE[p.status]}`}>{t(STATUS_LABELS[p.status])}</span>
                  </td>
                  <td className="table__actions">
                    {paying === p.id ? (
                      <PaymentForm
                        pledge={p}
                        onCancel={() => setPaying(null)}
                        onDone={() => {
                          setPaying(null);
                          void reload();
                        }}
                      />
                    ) : (
                      <>
                        {p.status !== 'cancelled' && (p.outstanding > 0 || p.status !== 'confirmed') && (
                          <button
                            type="button"
                            className="btn btn--staff btn--dark btn--small"
                            aria-label={t('admin.giving.recordPaymentLabel', { reference: p.reference })}
                            onClick={() => setPaying(p.id)}
                          >
                            <Check aria-hidden="true" size={16} />
                            {t('admin.giving.recordPayment')}
                          </button>
                        )}
                        {(p.status === 'pending' || p.status === 'expired') && p.receivedAmount === 0 && (
                          <button
                            type="button"
                            className="btn btn--staff btn--danger-ghost btn--small"
                            aria-label={t('admin.giving.cancelLabel', { reference: p.reference })}
                            onClick={() => setToChange({ pledge: p, status: 'cancelled' })}
                          >
                            <X aria-hidden="true" size={16} />
                            {t('admin.giving.cancelPledge')}
                          </button>
                        )}
                        {p.status !== 'pending' && (
                          <button
                            type="button"
                            className="btn btn--staff btn--secondary btn--small"
                            aria-label={t('admin.giving.reopenLabel', { reference: p.reference })}
                            onClick={() => setToChange({ pledge: p, status: 'pending' })}
                          >
                            <RotateCcw aria-hidden="true" size={16} />
                            {t('admin.giving.reopen')}
                          </button>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore pages={pages} />
      <ConfirmDialog
        open={toChange !== null}
        title={toChange?.status === 'cancelled' ? t('admin.giving.cancelTitle') : t('admin.giving.reopenTitle')}
        message={
          toChange
            ? t(toChange.status === 'cancelled' ? 'admin.giving.cancelConfirm' : 'admin.giving.reopenConfirm', {
                reference: toChange.pledge.reference,
              })
            : ''
        }
        confirmLabel={toChange?.status === 'cancelled' ? t('admin.giving.cancelPledge') : t('admin.giving.reopen')}
        cancelLabel={t('admin.submissions.cancel')}
        busy={update.isPending}
        onConfirm={() => void change()}
        onCancel={() => setToChange(null)}
      />
    </section>
  );
}
