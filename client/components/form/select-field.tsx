import { t } from '../../../shared/messages';
import { describedBy, FieldError, LabelText } from './field-parts';
import type { FieldKey, FormValues, SubmissionForm } from './use-submission-form';

interface Props<V extends FormValues> {
  form: SubmissionForm<V>;
  name: FieldKey<V, string>;
  label: string;
  options: readonly string[];
  required?: boolean;
}

/** One value from a choice list, as a native select (the best keyboard and touch support there is). */
export function SelectField<V extends FormValues>({ form, name, label, options, required }: Props<V>) {
  const id = form.fieldId(name);
  const error = form.errors[name];
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        <LabelText label={label} required={required} />
      </label>
      <select
        id={id}
        name={name}
        className="field__control field__control--select"
        value={form.values[name] as string}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && form.errorId(name))}
        onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
      >
        <option value="">{t('form.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={form.errorId(name)} message={error} />
    </div>
  );
}
