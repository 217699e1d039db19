/**
 * The give panel's form: an amount (chips or other), a name or "give anonymously", an optional
 * phone or email; it answers with a payment reference and the pledge page. Before the script
 * loads it is a plain HTML form posted to POST /api/pledges (answered 303 to the pledge page).
 * With the script it is a form of the shared form model, checked by the same schema as the
 * server's (pledgeInput): that schema and its phone rules are imported when the donor first sends,
 * so the campaign page's first load carries neither zod nor libphonenumber.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { PledgeInput } from '../../../../shared/schemas/giving';
import { FieldError } from '../../../components/form/field-parts';
import { HoneypotField } from '../../../components/form/honeypot-field';
import { lazySchema, useSchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { useNavigate } from '../../../lib/navigation';
import { readServerError } from '../../../lib/server-error';
import { trpc } from '../../../lib/trpc';

const CHIPS = [1_000, 5_000, 10_000] as const;
const OTHER = 'other';

/** The fields whose errors show beside them; any other shows above the button. */
const SHOWN_FIELDS = new Set(['amount', 'name', 'phone', 'email']);

const pledgeSchema = lazySchema(() => import('../../../../shared/schemas/giving').then((m) => m.pledgeInput));

/**
 * The campaign page loads this module when the panel nears the screen (lazyNearScreen), so the
 * form model stays out of the page's first load; until then the server's markup is a plain form
 * that posts. `data-live` marks the form once its script runs.
 */
export default function GiveForm({ campaignId, refused }: { campaignId: string; refused: boolean }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const form = useSchemaForm(pledgeSchema, {
    defaultValues: {
      campaignId,
      amount: String(CHIPS[1]),
      name: '',
      anonymous: false,
      hideAmount: false,
      phone: '',
      email: '',
      website: '',
    },
  });
  const { formState, register, setValue } = form.methods;
  // The chip chosen; the form's amount is its value, or what is typed under "Other".
  const [choice, setChoice] = useState<string>(String(CHIPS[1]));
  const otherRef = useRef<HTMLInputElement | null>(null);
  const [failure, setFailure] = useState(refused ? t('give.failed') : '');
  const create = trpc.pledge.create.useMutation();
  const navigate = useNavigate();
  const amountError = form.error('amount');
  const amountErrorId = form.errorId('amount');

  const choose = (next: string) => {
    setChoice(next);
    setValue('amount', next === OTHER ? (otherRef.current?.value ?? '') : next, {
      shouldValidate: formState.isSubmitted,
    });
  };

  /** A refusal no field shows (the campaign, the honeypot), or a check that could not run, shows above the button. */
  const onInvalid = (errors: FieldErrors<PledgeInput>) => {
    const unshown = Object.entries(errors).find(
      ([field, error]) => field !== 'root' && !SHOWN_FIELDS.has(field) && error?.message,
    );
    if (unshown) setFailure(String(unshown[1]?.message));
    else if (errors.root?.schema) setFailure(t('give.failed'));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formState.isSubmitting) return;
    setFailure('');
    void form.methods.handleSubmit(async (data) => {
      try {
        const answer = await create.mutateAsync(data);
        navigate(`/pledge/${answer.data.reference}`);
      } catch (error) {
        const server = readServerError(error);
        form.showServerErrors(server.fieldErrors);
        setFailure(server.message ?? t('give.failed'));
      }
    }, onInvalid)(event);
  };

  return (
    <form
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
        <div className="field give-form__other">
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
        <legend className="field__hint">{t('give.contactLegend')}</legend>
        <TextField form={form} name="phone" type="tel" label={t('give.phone')} autoComplete="tel" maxLength={30} />
        <TextField form={form} name="email" type="email" label={t('give.email')} autoComplete="email" maxLength={254} />
      </fieldset>

      <HoneypotField form={form} />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('give.submitting') : t('give.submit')}
      </button>
    </form>
  );
}
