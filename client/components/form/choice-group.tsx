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

/** The inputs of a choice group, each with its own label; checkboxes and radios alike. */
function ChoiceOptions({
  type,
  name,
  idPrefix,
  options,
  invalid,
  isChecked,
  onChange,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  idPrefix: string;
  options: readonly string[];
  invalid: boolean;
  isChecked: (option: string) => boolean;
  onChange: (option: string, checked: boolean) => void;
}) {
  return (
    <div className="choice-group__options">
      {options.map((option) => {
        const id = `${idPrefix}-${slug(option)}`;
        return (
          <div className="choice" key={option}>
            <input
              id={id}
              type={type}
              name={name}
              value={option}
              checked={isChecked(option)}
              aria-invalid={invalid ? true : undefined}
              onChange={(e) => onChange(option, e.target.checked)}
            />
            <label htmlFor={id}>{option}</label>
          </div>
        );
      })}
    </div>
  );
}

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
      <ChoiceOptions
        type="checkbox"
        name={name}
        idPrefix={form.fieldId(name)}
        options={options}
        invalid={Boolean(error)}
        isChecked={(option) => selected.includes(option)}
        onChange={(option, checked) => form.toggleChoice(name, option, checked)}
      />
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
      <ChoiceOptions
        type="radio"
        name={name}
        idPrefix={form.fieldId(name)}
        options={options}
        invalid={Boolean(error)}
        isChecked={(option) => form.values[name] === option}
        onChange={(option) => form.setValue(name, option as V[typeof name])}
      />
      <FieldError id={form.errorId(name)} message={error} />
    </fieldset>
  );
}
