import type { FieldValues, Path } from 'react-hook-form';
import { t } from '../../../shared/messages';
import { HONEYPOT_FIELD } from '../../../shared/schemas/field-paths';
import type { SchemaForm } from './schema-form';

/** Hidden from people and assistive tech; naive bots fill it in and the server drops their post. */
export function HoneypotField<V extends FieldValues & { website?: string | undefined }>({
  form,
}: {
  form: SchemaForm<V, unknown>;
}) {
  const id = form.fieldId(HONEYPOT_FIELD);
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input
        {...form.methods.register(HONEYPOT_FIELD as Path<V>)}
        id={id}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
