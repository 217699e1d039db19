import type { FieldValues } from 'react-hook-form';
import { choiceLabel, t } from '../../../shared/messages';
import { controlAria, fieldState, LabelledField } from './field-parts';
import type { SchemaForm, TextPath } from './schema-form';

interface Props<V extends FieldValues> {
  form: SchemaForm<V, unknown>;
  name: TextPath<V>;
  label: string;
  options: readonly string[];
  /** The text of the empty choice; 'Choose…' unless given. */
  placeholder?: string;
  hint?: string;
  /** What an option reads as, when not its value. */
  labelOf?: (option: string) => string;
}

/** One value from a choice list, as a native select (the best keyboard and touch support there is). */
export function SelectField<V extends FieldValues>({
  form,
  name,
  label,
  options,
  placeholder,
  hint,
  labelOf,
}: Props<V>) {
  const field = fieldState(form, name, hint);
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <select
        {...form.methods.register(name)}
        defaultValue={form.methods.getValues(name) as string | undefined}
        {...controlAria(field)}
        className="field__control field__control--select"
      >
        <option value="">{placeholder ?? t('form.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf ? labelOf(option) : choiceLabel(option)}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
