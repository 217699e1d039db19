import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { choiceLabel, t } from '../../../shared/messages';
import { describedBy, FieldError, FieldHint, fieldState, LabelText } from './field-parts';
import type { ListPath, SchemaForm, TextPath } from './schema-form';

/** Slugs keep option ids valid and readable ("Water & Sanitation" → "water-sanitation"). */
const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A fieldset of checkboxes (several values) or radios (one value) from a choice list. Every
 * option is registered under the same name: react-hook-form collects checked boxes into a list.
 */
function ChoiceGroup<V extends FieldValues>({
  type,
  form,
  name,
  legend,
  options,
  hint,
}: {
  type: 'checkbox' | 'radio';
  form: SchemaForm<V, unknown>;
  name: Path<V>;
  legend: string;
  options: readonly string[];
  hint?: string;
}) {
  const field = fieldState(form, name, hint);
  const registered = form.methods.register(name);
  // react-hook-form takes a box ticked before the page hydrated as the field's value, but not a
  // radio: registering the next option of the group would then clear it. The choice is handed to
  // it first, as the field's value, so registering keeps it.
  const register = {
    ...registered,
    ref(input: HTMLInputElement | null) {
      if (
        input?.type === 'radio' &&
        input.checked &&
        !input.defaultChecked &&
        form.methods.getValues(name) !== input.value
      )
        form.methods.setValue(name, input.value as PathValue<V, Path<V>>);
      registered.ref(input);
    },
  };
  // The starting choice is also in the markup, so a page the server renders shows it.
  const chosen: unknown = form.methods.getValues(name);
  const isChosen = (option: string) => (Array.isArray(chosen) ? chosen.includes(option) : chosen === option);
  return (
    <fieldset
      className={`${field.className} choice-group`}
      aria-describedby={describedBy(field.hintId, field.error && field.errorId)}
    >
      <legend className="field__label">
        {field.marked ? <LabelText label={legend} required={field.required} /> : legend}
      </legend>
      {hint && field.hintId && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className="choice-group__options">
        {options.map((option) => {
          const id = `${field.id}-${slug(option)}`;
          return (
            <div className="choice" key={option}>
              <input
                {...register}
                id={id}
                type={type}
                value={option}
                defaultChecked={isChosen(option)}
                aria-invalid={field.error ? true : undefined}
              />
              <label htmlFor={id}>{choiceLabel(option)}</label>
            </div>
          );
        })}
      </div>
      <FieldError id={field.errorId} message={field.error} />
    </fieldset>
  );
}

type GroupProps<V extends FieldValues, N> = {
  form: SchemaForm<V, unknown>;
  name: N;
  legend: string;
  options: readonly string[];
};

/** Several values from a choice list; a required group says that at least one is needed. */
export function CheckboxGroup<V extends FieldValues>(props: GroupProps<V, ListPath<V>>) {
  const hint = props.form.isRequired(props.name) ? t('form.chooseAtLeastOne') : undefined;
  return <ChoiceGroup type="checkbox" hint={hint} {...props} />;
}

/** One value from a short choice list. */
export function RadioGroup<V extends FieldValues>(props: GroupProps<V, TextPath<V>>) {
  return <ChoiceGroup type="radio" {...props} />;
}
