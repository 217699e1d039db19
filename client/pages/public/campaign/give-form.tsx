/**
 * The give panel's form: an amount (chips or other), a name or "give anonymously", an optional
 * phone or email; it answers with a payment reference and the pledge page. Before the script
 * loads it is a plain HTML form posted to POST /api/pledges (answered 303 to the pledge page).
 * With the script it is a form of the shared form model, checked by the same schema as the
 * server's (pledgeInput): that schema and its phone rules are imported when the donor first sends,
 * so the campaign page's first load carries neither zod nor libphonenumber.
 *
 * When the site takes payments online (settings.public's `online`), the donor also chooses a way:
 * "Pay online now" makes the pledge, then sends the donor to Paystack's checkout for it (the HTML
 * post does the same with its `way` and `coverFees` fields); "I will transfer from my bank" is the
 * reference alone, as without online payment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { FeeRule } from '../../../../shared/payment-fees';
import type { GiveWay } from '../../../../shared/schemas/payments';
import { FieldError } from '../../../components/form/field-parts';
import { HoneypotField } from '../../../components/form/honeypot-field';
import { lazySchema, type SchemaForm, useSchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { RetryNotice } from '../../../components/retry-notice';
import { failureMessage } from '../../../lib/load-failure';
import { useNavigate } from '../../../lib/navigation';
import { whenUsed } from '../../../lib/near-screen';
import { preloadPage } from '../../../lib/page-preload';
import { readServerError } from '../../../lib/server-error';
import { fetchSiteQuery, resetSiteQuery } from '../../../lib/site-data';
import { useSiteMutation } from '../../../lib/site-mutations';
import { useBackFromCheckout } from '../checkout-return';
import { coverFeesText, feesApply, nairaOf } from '../cover-fees';
import type { GiveInput, GiveOutput } from './give-schema';

const CHIPS = [1_000, 5_000, 10_000] as const;
const OTHER = 'other';

/** The fields whose errors show beside them; any other shows above the button. */
const SHOWN_FIELDS = new Set(['amount', 'name', 'phone', 'email']);

// The pledge schema with the way and the fee cover: for the transfer way it checks the pledge alone.
const giveSchema = lazySchema(() => import('./give-schema').then((m) => m.givePanelInput));

/** What paying online needs from the public settings: whether it is on, and Paystack's fee rule. */
export type GiveOnline = { enabled: boolean; fees: FeeRule };

/** Where an online gift stands once sent: making the pledge, then opening Paystack's page. */
type Progress = 'creating' | 'opening';

/**
 * What stopped the gift, shown above the button. `retry` when nothing came back (offline, the
 * checking code did not load): the notice then offers to send again, as it was.
 */
type Failure = { message: string; retry: boolean };

/**
 * The campaign page loads this module once the donor uses the panel (lazyOnUse), so the form
 * model stays out of the page's first load; until then the server's markup is a plain form that
 * posts. `data-live` marks the form once its script runs. `online` is given when the site
 * takes payments online (the campaign page reads it from the public settings, which the server
 * prefetches with the campaign, so the page it renders shows the same ways as the form after).
 */
export default function GiveForm({
  campaignId,
  refused,
  online,
}: {
  campaignId: string;
  refused: boolean;
  online?: GiveOnline | undefined;
}) {
  const [live, setLive] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setLive(true);
    // The checking code (zod and the phone rules, about 60 kB) once the donor first touches or
    // focuses the form: filling it in takes longer than loading it, and a visitor who only reads
    // the page never downloads it. Failing here is silent: sending tries again.
    return whenUsed(formRef.current, () => void giveSchema.load().catch(() => undefined));
  }, []);
  const form = useSchemaForm(giveSchema, {
    defaultValues: {
      campaignId,
      amount: String(CHIPS[1]),
      name: '',
      anonymous: false,
      hideAmount: false,
      phone: '',
      email: '',
      website: '',
      // Online first where it is offered: the gift is made in one visit, with no transfer to remember.
      way: online ? 'online' : 'transfer',
      coverFees: false,
    },
  });
  const { formState, register, setValue, watch } = form.methods;
  // The chip chosen; the form's amount is its value, or what is typed under "Other".
  const [choice, setChoice] = useState<string>(String(CHIPS[1]));
  const otherRef = useRef<HTMLInputElement | null>(null);
  const [failure, setFailure] = useState<Failure | undefined>(
    refused ? { message: t('give.failed'), retry: false } : undefined,
  );
  const [progress, setProgress] = useState<Progress | undefined>();
  const create = useSiteMutation('pledge.create');
  const pay = useSiteMutation('pledge.pay');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amountError = form.error('amount');
  const amountErrorId = form.errorId('amount');
  const payingOnline = online !== undefined && watch('way') === 'online';

  const choose = (next: string) => {
    setChoice(next);
    setValue('amount', next === OTHER ? (otherRef.current?.value ?? '') : next, {
      shouldValidate: formState.isSubmitted,
    });
  };

  /** A refusal no field shows (the campaign, the honeypot), or a check that could not run, shows above the button. */
  const onInvalid = (errors: FieldErrors<GiveInput>) => {
    const unshown = Object.entries(errors).find(
      ([field, error]) => field !== 'root' && !SHOWN_FIELDS.has(field) && error?.message,
    );
    if (unshown) setFailure({ message: String(unshown[1]?.message), retry: false });
    else if (errors.root?.schema) setFailure({ message: t('network.offline'), retry: true });
  };

  /**
   * The pledge page's code and data are fetched while the button still says "Getting your
   * reference…", so the donor goes from the form straight to the page, never through a blank
   * screen. Data that did not come is dropped: the page then asks for it itself.
   */
  const openPledgePage = async (reference: string) => {
    const path = `/pledge/${reference}`;
    await Promise.allSettled([
      preloadPage(path),
      fetchSiteQuery(queryClient, 'pledge.page', { reference }).catch(() =>
        resetSiteQuery(queryClient, 'pledge.page', { reference }),
      ),
    ]);
    navigate(path);
  };

  // The pledge sent to Paystack: coming back to this page with the browser's Back shows it, not a second pledge.
  const sentToCheckout = useRef<string | undefined>(undefined);
  useBackFromCheckout(() => sentToCheckout.current && navigate(`/pledge/${sentToCheckout.current}`));

  /**
   * The pledge stands once made: if Paystack's page cannot be opened, the pledge page says so and
   * offers to try again or to transfer. Until the browser leaves for Paystack the button stays busy.
   */
  const payOnline = async (reference: string, email: string, coverFees: boolean) => {
    setProgress('opening');
    try {
      const { authorizationUrl } = await pay.mutateAsync({ reference, email, coverFees });
      sentToCheckout.current = reference;
      window.location.assign(authorizationUrl);
    } catch {
      setProgress(undefined);
      navigate(`/pledge/${reference}?pay=failed`);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formState.isSubmitting || progress) return;
    setFailure(undefined);
    void form.methods.handleSubmit(async ({ way, coverFees, ...pledge }) => {
      const toPaystack = online !== undefined && way === 'online';
      setProgress('creating');
      let reference: string;
      try {
        reference = (await create.mutateAsync(pledge)).data.reference;
      } catch (error) {
        setProgress(undefined);
        const server = readServerError(error);
        form.showServerErrors(server.fieldErrors);
        // No answer: the reference can only come from the server, and the account is just below.
        const offline = server.status === undefined;
        setFailure({
          message: offline ? t('give.offlineText') : failureMessage(error, t('give.failed')),
          retry: offline,
        });
        return;
      }
      if (toPaystack) return payOnline(reference, pledge.email, coverFees);
      await openPledgePage(reference);
    }, onInvalid)(event);
  };

  const busy = formState.isSubmitting || progress !== undefined;
  return (
    <form
      ref={formRef}
      className="give-form"
      method="post"
      action="/api/pledges"
      noValidate
      onSubmit={onSubmit}
      data-deferred=""
      data-live={live ? '' : undefined}
    >
      {/* For the post before the script loads; the form's own value is its starting one. */}
      <input type="hidden" name="campaignId" value={campaignId} />
      <fieldset className="give-form__amounts" aria-describedby={amountError ? amountErrorId : undefined}>
        <legend className="field__label">{t('give.amount')}</legend>
        <div className="give-form__chips">
          {CHIPS.map((amount) => (
            <label key={amount} className="amount-chip">
              <input
                type="radio"
                name="amount"
                value={amount}
                checked={choice === String(amount)}
                onChange={() => choose(String(amount))}
              />
              <span>{formatNaira(amount)}</span>
            </label>
          ))}
          <label className="amount-chip">
            <input type="radio" name="amount" value={OTHER} checked={choice === OTHER} onChange={() => choose(OTHER)} />
            <span>{t('give.other')}</span>
          </label>
        </div>
        {/*
          Shown once Other is chosen: the stylesheet hides it until then from the first paint (the
          form posted without the script too, so nothing moves when the script starts); `hidden`
          does the same where the browser lacks :has().
        */}
        <div className="field give-form__other" hidden={live && choice !== OTHER}>
          <label className="field__label" htmlFor={form.fieldId('otherAmount')}>
            {t('give.otherAmount')}
          </label>
          <input
            ref={otherRef}
            id={form.fieldId('otherAmount')}
            name="otherAmount"
            className="field__control"
            inputMode="numeric"
            autoComplete="off"
            onFocus={() => choose(OTHER)}
            onChange={() => choose(OTHER)}
            aria-invalid={amountError ? true : undefined}
          />
        </div>
        <FieldError id={amountErrorId} message={amountError} />
      </fieldset>

      {online && <GiveWays form={form} />}

      <TextField form={form} name="name" label={t('give.name')} autoComplete="name" maxLength={100} />
      <label className="give-form__check" htmlFor={form.fieldId('anonymous')}>
        <input id={form.fieldId('anonymous')} type="checkbox" {...register('anonymous', { deps: ['name'] })} />
        {t('give.anonymous')}
      </label>
      <label className="give-form__check" htmlFor={form.fieldId('hideAmount')}>
        <input id={form.fieldId('hideAmount')} type="checkbox" {...register('hideAmount')} />
        {t('give.hideAmount')}
      </label>

      <fieldset className="give-form__contact">
        <legend className="field__hint">{t(payingOnline ? 'pay.contactLegend' : 'give.contactLegend')}</legend>
        <TextField form={form} name="phone" type="tel" label={t('give.phone')} autoComplete="tel" maxLength={30} />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t(payingOnline ? 'pay.email' : 'give.email')}
          hint={payingOnline ? t('pay.emailWhy') : undefined}
          autoComplete="email"
          maxLength={254}
        />
      </fieldset>

      {online && payingOnline && feesApply(online.fees) && (
        <label className="give-form__check" htmlFor={form.fieldId('coverFees')}>
          <input id={form.fieldId('coverFees')} type="checkbox" {...register('coverFees')} />
          {/* Without the script the amount may change unseen: the rule in words, not a sum that could be wrong. */}
          {coverFeesText(live ? nairaOf(watch('amount')) : undefined, online.fees)}
        </label>
      )}

      <HoneypotField form={form} />
      {failure?.retry ? (
        <RetryNotice message={failure.message} onRetry={() => formRef.current?.requestSubmit()} />
      ) : (
        failure && (
          <p className="form-error" role="alert">
            {failure.message}
          </p>
        )
      )}
      {/* The button shows each step; this says it to a screen reader, which does not re-read a button. */}
      <p className="visually-hidden" role="status">
        {progress && (payingOnline ? progressText(progress) : t('give.submitting'))}
      </p>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {submitLabel({ online: online !== undefined, payingOnline, live, busy, progress })}
      </button>
    </form>
  );
}

const progressText = (progress: Progress) => t(progress === 'creating' ? 'pay.creating' : 'pay.opening');

/** The button's words: the way taken once the script knows it (a neutral "Continue" before), then each step. */
function submitLabel(state: {
  online: boolean;
  payingOnline: boolean;
  live: boolean;
  busy: boolean;
  progress?: Progress;
}) {
  if (state.online && !state.live) return t('pay.continue');
  if (state.payingOnline) return state.progress ? progressText(state.progress) : t('pay.submit');
  return state.busy ? t('give.submitting') : t('give.submit');
}

/** The two ways to give, as a radio group named `way` (the HTML post sends it as it is). */
function GiveWays({ form }: { form: SchemaForm<GiveInput, GiveOutput> }) {
  const ways: [GiveWay, 'pay.wayOnline' | 'pay.wayTransfer', 'pay.wayOnlineHint' | 'pay.wayTransferHint'][] = [
    ['online', 'pay.wayOnline', 'pay.wayOnlineHint'],
    ['transfer', 'pay.wayTransfer', 'pay.wayTransferHint'],
  ];
  // The starting way is also in the markup, so a page the server renders shows it chosen.
  const chosen = form.methods.getValues('way');
  return (
    <fieldset className="give-form__ways">
      <legend className="field__label">{t('pay.way')}</legend>
      {ways.map(([way, label, hint]) => {
        const id = form.fieldId(`way-${way}`);
        // The whole label chooses; the radio is named by the way alone and described by its hint.
        return (
          <div className="choice give-form__way" key={way}>
            <input
              {...form.methods.register('way')}
              id={id}
              type="radio"
              value={way}
              defaultChecked={chosen === way}
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-hint`}
            />
            <label htmlFor={id}>
              <span className="give-form__way-name" id={`${id}-name`}>
                {t(label)}
              </span>
              <span className="give-form__way-hint" id={`${id}-hint`}>
                {t(hint)}
              </span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
