import type { FieldValues } from 'react-hook-form';
import { t } from '../../../shared/messages';
import type { SchemaForm, TextPath } from './schema-form';
import { TextField } from './text-field';

/** The names of a form's person fields; a partner's are its contact's. */
export interface ContactNames<V extends FieldValues> {
  firstName: TextPath<V>;
  lastName: TextPath<V>;
  email: TextPath<V>;
  phone: TextPath<V>;
}

/** The person fields of the volunteer and advocate forms. */
export const PERSON = { firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phone' } as const;

/**
 * A person's name, email and phone in two rows, as every application form asks for them.
 * `contactPerson` labels the names as an organisation's contact's.
 */
export function ContactRows<V extends FieldValues>({
  form,
  names,
  contactPerson = false,
}: {
  form: SchemaForm<V, unknown>;
  names: ContactNames<V>;
  contactPerson?: boolean;
}) {
  return (
    <>
      <div className="field-row">
        <TextField
          form={form}
          name={names.firstName}
          label={t(contactPerson ? 'form.contactFirstName' : 'form.firstName')}
          autoComplete="given-name"
        />
        <TextField
          form={form}
          name={names.lastName}
          label={t(contactPerson ? 'form.contactLastName' : 'form.lastName')}
          autoComplete="family-name"
        />
      </div>
      <div className="field-row">
        <TextField form={form} name={names.email} type="email" label={t('form.email')} autoComplete="email" />
        <TextField form={form} name={names.phone} type="tel" label={t('form.phone')} autoComplete="tel" />
      </div>
    </>
  );
}
