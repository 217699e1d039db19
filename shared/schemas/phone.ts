/**
 * A Nigerian phone number as donors type it (0803 123 4567, +234 803…, 234803…), stored in
 * international form (+2348031234567). Its own module because libphonenumber-js weighs about
 * 29 kB: only the pledge form's lazily loaded code and the server import it.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { TEXT_LIMITS } from '../constants';
import { t } from '../messages';
import { optionalText } from './fields';

/** The number in E.164, or null when it is not a valid number (Nigerian unless it says otherwise). */
export function normalisePhone(input: string): string | null {
  const number = parsePhoneNumberFromString(input, 'NG');
  return number?.isValid() ? number.number : null;
}

/** An optional phone: '' when not given, else its E.164 form. */
export const optionalNigerianPhone = () =>
  optionalText(TEXT_LIMITS.phone)
    .refine((v) => v === '' || normalisePhone(v) !== null, { error: () => t('validation.phone') })
    .transform((v) => (v === '' ? '' : normalisePhone(v)!));
