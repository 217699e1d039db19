/**
 * Settings' online payment: whether it is on (and in which mode), and Paystack's fee rule, which
 * the give panel and the pledge page use to show what covering the fee adds. Whether it is on
 * comes from the server's configuration (its secret key), so it is shown here, never edited, and
 * the key itself never reaches the dashboard.
 */
import type { z } from 'zod';
import { formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { type FeeRule, feeKoboOn } from '../../../../shared/payment-fees';
import type { Settings, settingsInput } from '../../../../shared/schemas/staff';
import { controlAria, fieldState, LabelledField } from '../../../components/form/field-parts';
import type { SchemaForm } from '../../../components/form/schema-form';

export interface OnlinePaymentStatus {
  enabled: boolean;
  mode: 'test' | 'live' | null;
}

type FeeField = 'feePercent' | 'feeFlat' | 'feeWaivedBelow' | 'feeCap';
type SettingsForm = SchemaForm<z.input<typeof settingsInput>, unknown>;

const FEE_FIELDS: [FeeField, Parameters<typeof t>[0], 'decimal' | 'numeric'][] = [
  ['feePercent', 'admin.settings.feePercent', 'decimal'],
  ['feeFlat', 'admin.settings.feeFlat', 'numeric'],
  ['feeWaivedBelow', 'admin.settings.feeWaivedBelow', 'numeric'],
  ['feeCap', 'admin.settings.feeCap', 'numeric'],
];

/** The example the fee hint works out: a common gift, the give panel's middle chip. */
const EXAMPLE_AMOUNT = 5_000;

export function onlineStatusText(status: OnlinePaymentStatus): string {
  if (!status.enabled) return t('admin.settings.onlineOff');
  return t(status.mode === 'live' ? 'admin.settings.onlineLive' : 'admin.settings.onlineTest');
}

/** "On ₦5,000 the fee is ₦175", while the four numbers make a rule. */
export function feeExample(values: Partial<Record<FeeField, unknown>>): string | undefined {
  const numbers = FEE_FIELDS.map(([name]) => values[name]);
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return undefined;
  const [percent, flat, flatWaivedBelow, cap] = numbers as number[];
  const rule: FeeRule = { percent: percent!, flat: flat!, flatWaivedBelow: flatWaivedBelow!, cap: cap! };
  return t('admin.settings.feeExample', {
    amount: formatNaira(EXAMPLE_AMOUNT),
    fee: formatNaira(feeKoboOn(EXAMPLE_AMOUNT * 100, rule) / 100),
  });
}

/** "Online payment: On (test mode)", with where it is switched. */
function OnlineStatusLine({ status }: { status: OnlinePaymentStatus }) {
  return (
    <div className="payment-settings__status">
      <p>
        {t('admin.settings.onlineStatus')}: <strong>{onlineStatusText(status)}</strong>
      </p>
      <p className="admin-muted">{t('admin.settings.onlineHint')}</p>
    </div>
  );
}

/**
 * A number typed as text: read as a number for the schema (blank or not a number stays NaN, which
 * the schema refuses with its message), thousands separators allowed.
 */
export function NumberField({
  form,
  name,
  label,
  hint,
  inputMode,
}: {
  form: SettingsForm;
  name: FeeField | 'confirmWorkingDays';
  label: string;
  hint?: string;
  inputMode: 'decimal' | 'numeric';
}) {
  // Optional in the schema (a client may leave it as it is), yet this form always sends it.
  const field = { ...fieldState(form, name, hint), required: true };
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <input
        {...form.methods.register(name, {
          setValueAs: (v: unknown) =>
            typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v.replace(/[₦,\s]/g, ''))) : v,
        })}
        defaultValue={String(form.methods.getValues(name) ?? '')}
        {...controlAria(field)}
        className="field__control"
        inputMode={inputMode}
        autoComplete="off"
      />
    </LabelledField>
  );
}

/** The form's group: the status, the four numbers of the rule and what they make of a ₦5,000 gift. */
export function PaymentFeesFields({ form, status }: { form: SettingsForm; status: OnlinePaymentStatus }) {
  const values = form.methods.watch(FEE_FIELDS.map(([name]) => name));
  const example = feeExample(Object.fromEntries(FEE_FIELDS.map(([name], i) => [name, values[i]])));
  return (
    <fieldset className="admin-card admin-form__section">
      <legend className="admin-section-title">{t('admin.settings.feesTitle')}</legend>
      <OnlineStatusLine status={status} />
      <p className="admin-muted">{t('admin.settings.feesHint')}</p>
      <div className="admin-form__grid">
        {FEE_FIELDS.map(([name, label, inputMode]) => (
          <NumberField key={name} form={form} name={name} label={t(label)} inputMode={inputMode} />
        ))}
      </div>
      {/* Polite: it follows the typing. */}
      <p className="field__hint" aria-live="polite">
        {example}
      </p>
    </fieldset>
  );
}

/** The read-only view's rows: the status and the rule. */
export function PaymentSettingsRows({ settings, status }: { settings: Settings; status: OnlinePaymentStatus }) {
  return (
    <>
      <div>
        <dt>{t('admin.settings.onlineStatus')}</dt>
        <dd>{onlineStatusText(status)}</dd>
      </div>
      {FEE_FIELDS.map(([name, label]) => (
        <div key={name}>
          <dt>{t(label)}</dt>
          <dd>{String(settings[name])}</dd>
        </div>
      ))}
      <div>
        <dt>{t('admin.settings.feesTitle')}</dt>
        <dd>{feeExample(settings)}</dd>
      </div>
    </>
  );
}
