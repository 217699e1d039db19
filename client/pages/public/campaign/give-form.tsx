/**
 * The give panel's form: an amount (chips or other), a name or "give anonymously", an optional
 * phone or email; it answers with a payment reference and the pledge page. Before the script
 * loads it is a plain HTML form posted to POST /api/pledges (answered 303 to the pledge page).
 * With the script, the shared schema checks it first: that schema and its phone rules load only
 * when the donor sends, so the campaign page stays light.
 */
import { type FormEvent, useId, useState } from 'react';
import { formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { useNavigate } from '../../../lib/navigation';
import { trpc } from '../../../lib/trpc';

const CHIPS = [1_000, 5_000, 10_000] as const;
const OTHER = 'other';

type Errors = Partial<Record<'amount' | 'name' | 'phone' | 'email' | 'form', string>>;
/** The fields whose errors show beside them; any other goes above the button. */
const SHOWN_FIELDS = new Set(['amount', 'name', 'phone', 'email']);

/** A labelled text input with its error below, tied to it for assistive tech. */
function TextInput({
  id,
  name,
  label,
  error,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  type?: 'text' | 'tel' | 'email';
  autoComplete: string;
  maxLength: number;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export function GiveForm({ campaignId, refused }: { campaignId: string; refused: boolean }) {
  const uid = useId();
  const ids = {
    other: `${uid}-other`,
    name: `${uid}-name`,
    anonymous: `${uid}-anonymous`,
    hide: `${uid}-hide`,
    phone: `${uid}-phone`,
    email: `${uid}-email`,
    honeypot: `${uid}-website`,
  };
  const [choice, setChoice] = useState<string>(String(CHIPS[1]));
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<Errors>(refused ? { form: t('give.failed') } : {});
  const [sending, setSending] = useState(false);
  const create = trpc.pledge.create.useMutation();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const raw = {
      campaignId,
      amount: text('amount') === OTHER ? text('otherAmount') : text('amount'),
      name: text('name'),
      anonymous: data.get('anonymous') === 'on',
      hideAmount: data.get('hideAmount') === 'on',
      phone: text('phone'),
      email: text('email'),
      website: text('website') || undefined,
    };
    setSending(true);
    try {
      const { pledgeInput } = await import('../../../../shared/schemas/giving');
      const checked = pledgeInput.safeParse(raw);
      if (!checked.success) {
        const found: Errors = {};
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0]);
          found[SHOWN_FIELDS.has(field) ? (field as keyof Errors) : 'form'] ??= issue.message;
        }
        setErrors(found);
        return;
      }
      setErrors({});
      const answer = await create.mutateAsync(raw);
      navigate(`/pledge/${answer.data.reference}`);
    } catch (error) {
      setErrors({ form: (error as { message?: string }).message || t('give.failed') });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="give-form" method="post" action="/api/pledges" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="campaignId" value={campaignId} />
      <fieldset className="give-form__amounts" aria-describedby={errors.amount ? `${uid}-amount-error` : undefined}>
        <legend className="field__label">{t('give.amount')}</legend>
        <div className="give-form__chips">
          {CHIPS.map((amount) => (
            <label key={amount} className="amount-chip">
              <input
                type="radio"
                name="amount"
                value={amount}
                checked={choice === String(amount)}
                onChange={() => setChoice(String(amount))}
              />
              <span>{formatNaira(amount)}</span>
            </label>
          ))}
          <label className="amount-chip">
            <input
              type="radio"
              name="amount"
              value={OTHER}
              checked={choice === OTHER}
              onChange={() => setChoice(OTHER)}
            />
            <span>{t('give.other')}</span>
          </label>
        </div>
        <div className="field give-form__other">
          <label className="field__label" htmlFor={ids.other}>
            {t('give.otherAmount')}
          </label>
          <input
            id={ids.other}
            name="otherAmount"
            className="field__control"
            inputMode="numeric"
            autoComplete="off"
            onFocus={() => setChoice(OTHER)}
            aria-invalid={errors.amount ? true : undefined}
          />
        </div>
        {errors.amount && (
          <p className="field__error" id={`${uid}-amount-error`}>
            {errors.amount}
          </p>
        )}
      </fieldset>

      <TextInput
        id={ids.name}
        name="name"
        label={t('give.name')}
        error={errors.name}
        autoComplete="name"
        maxLength={100}
      />
      <label className="give-form__check" htmlFor={ids.anonymous}>
        <input
          id={ids.anonymous}
          type="checkbox"
          name="anonymous"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        {t('give.anonymous')}
      </label>
      <label className="give-form__check" htmlFor={ids.hide}>
        <input id={ids.hide} type="checkbox" name="hideAmount" />
        {t('give.hideAmount')}
      </label>

      <fieldset className="give-form__contact">
        <legend className="field__hint">{t('give.contactLegend')}</legend>
        <TextInput
          id={ids.phone}
          name="phone"
          type="tel"
          label={t('give.phone')}
          error={errors.phone}
          autoComplete="tel"
          maxLength={30}
        />
        <TextInput
          id={ids.email}
          name="email"
          type="email"
          label={t('give.email')}
          error={errors.email}
          autoComplete="email"
          maxLength={254}
        />
      </fieldset>

      <div className="honeypot" aria-hidden="true">
        <label htmlFor={ids.honeypot}>{t('form.honeypot')}</label>
        <input id={ids.honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
        {sending ? t('give.submitting') : t('give.submit')}
      </button>
    </form>
  );
}
