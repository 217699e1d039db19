/**
 * An entry's email or phone as staff use them: an email wraps only at its @ (and the dots after
 * it), never inside a word; a phone is a link to call and, once it reads as a real number, a
 * WhatsApp link beside it. Any other value is shown as it is.
 */
import { Fragment } from 'react';
import { type MessageKey, t } from '../../../../shared/messages';
import { normalisePhone } from '../../../../shared/schemas/phone';

/** The address with line-break chances before its @ and before each dot of the domain. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  // One text run between the chances: the address still reads (and is found) as one string.
  const parts = at > 0 ? [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)] : [email];
  return (
    <span className="admin-email">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** wa.me takes the international number as digits only: 2348031234567. */
const whatsappOf = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;

function PhoneLinks({ phone }: { phone: string }) {
  const e164 = normalisePhone(phone);
  const dial = e164 ?? phone.replace(/[^\d+]/g, '');
  return (
    <span className="admin-phone">
      <a className="admin-link" href={`tel:${dial}`}>
        {phone}
      </a>
      {e164 && (
        <a
          className="admin-link admin-phone__whatsapp"
          href={whatsappOf(e164)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('admin.submissions.whatsappLabel', { phone })}
        >
          {t('admin.submissions.whatsapp')}
        </a>
      )}
    </span>
  );
}

export function ContactValue({ field, value }: { field: MessageKey; value: string }) {
  if (field === 'admin.field.email')
    return (
      <a className="admin-link" href={`mailto:${value}`}>
        <EmailText email={value} />
      </a>
    );
  if (field === 'admin.field.phone') return <PhoneLinks phone={value} />;
  return value;
}
