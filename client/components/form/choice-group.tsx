import { t } from '../../../shared/messages';
import { describedBy, FieldError, FieldHint, LabelText } from './field-parts';
import type { FieldKey, FormValues, SubmissionForm } from './use-submission-form';

interface CommonProps {
  legend: string;
  options: readonly string[];
  required?: boolean;
}

/** Slugs keep option ids valid and readable ("Water & Sanitation" → "water-sanitation"). */
const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Several values from a choice list: a fieldset of checkboxes. */
export function CheckboxGroup<V extends FormValues>({
  form,
  name,
  legend,
  options,
  required,
}: CommonProps & { form: SubmissionForm<V>; name: FieldKey<V, string[]> }) {
  const error = form.errors[name];
  const selected = form.values[name] as string[];
  const hintId = `${form.fieldId(name)}-hint`;
  return (
    <fieldset
      className={`field choice-group${error ? ' field--invalid' : ''}`}
      aria-describedby={describedBy(required && hintId, error && form.errorId(name))}
    >
      <legend className="field__label">
        <LabelText label={legend} required={required} />
      </legend>
      {required && <FieldHint id={hintId}>{t('form.chooseAtLeastOne')}</FieldHint>}
      <div className="choice-group__options">
        {options.map((option) => {
          const id = `${form.fieldId(name)}-${slug(option)}`;
          return (
            <div className="choice" key={option}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option}
                checked={selected.includes(option)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => form.toggleChoice(name, option, e.target.checked)}
              />
              <label htmlFor={id}>{option}</label>
            </div>
          );
        })}
      </div>
      <FieldError id={form.errorId(name)} message={error} />
    </fieldset>
  );
}

/** One value from a short choice list: a radio group. */
export function RadioGroup<V extends FormValues>({
  form,
  name,
  legend,
  options,
  required,
}: CommonProps & { form: SubmissionForm<V>; name: FieldKey<V, string> }) {
  const error = form.errors[name];
  return (
    <fieldset
      className={`field choice-group${error ? ' field--invalid' : ''}`}
      aria-describedby={describedBy(error && form.errorId(name))}
    >
      <legend className="field__label">
        <LabelText label={legend} required={required} />
      </legend>
      <div className="choice-group__options">
        {options.map((option) => {
          const id = `${form.fieldId(name)}-${slug(option)}`;
          return (
            <div className="choice" key={option}>
              <input
                id={id}
                type="radio"
                name={name}
                value={option}
                checked={form.values[name] === option}
                aria-invalid={error ? true : undefined}
                onChange={() => form.setValue(name, option as V[typeof name])}
              />
              <label htmlFor={id}>{option}</label>
            </div>
          );
        })}
      </div>
      <FieldError id={form.errorId(name)} message={error} />
    </fieldset>
  );
}
