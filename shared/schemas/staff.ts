/** Staff accounts, one's own password, the foundation's settings and the activity trail. */
import { z } from 'zod';
import { NIGERIAN_BANKS, TEXT_LIMITS } from '../constants';
import { t } from '../messages';
import { ROLES } from '../roles';
import { isBlankPassword, MAX_PASSWORD_LENGTH, typedPassword } from './auth';
import { choice, email, optionalText, queryInt, requiredPhone, requiredText } from './fields';
import { pageCursor } from './pages';
import { feeRuleInput } from './payments';

/** The shortest password anyone may choose (the server also refuses common ones). */
export const MIN_PASSWORD_LENGTH = 12;

const role = choice(ROLES).describe('admin, editor, finance, reviewer or translator');

/** An account id: anything that is not a well-formed id is simply not found. */
export const userIdInput = z.object({ id: z.string().max(2048) });

export const userCreateInput = z.object({
  email: email(),
  name: requiredText(TEXT_LIMITS.name),
  role,
});

/** PUT /api/users/{id}: any of the three; what is not sent stays as it is. */
export const userUpdateInput = z
  .object({
    role: role.optional(),
    disabled: z.boolean({ error: () => t('request.invalid') }).optional(),
    name: requiredText(TEXT_LIMITS.name).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined || v.name !== undefined, {
    error: () => t('users.nothingToChange'),
  });

/** A new password, as typed (never trimmed): long enough, and not only spaces. */
export const newPasswordField = () =>
  z
    .string({ error: () => t('validation.required') })
    .min(MIN_PASSWORD_LENGTH, { error: () => t('account.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) })
    .max(MAX_PASSWORD_LENGTH, { error: () => t('validation.tooLong', { max: MAX_PASSWORD_LENGTH }) })
    .refine((password) => !isBlankPassword(password), { error: () => t('account.passwordBlank') });

export const passwordChangeInput = z.object({
  currentPassword: typedPassword(),
  newPassword: newPasswordField(),
});

const ACCOUNT_NUMBER_RE = /^\d{10}$/;
/** A CAC number as printed on certificates: RC 1234567, IT 123456, CAC/IT/NO 123456, BN 1234567. */
const CAC_NUMBER_RE = /^[A-Za-z]{0,3}(?:[ /.-]?[A-Za-z]{1,3}){0,3}[ /.-]?\d{3,10}$/;

export const settingsInput = z.object({
  accountName: requiredText(TEXT_LIMITS.short),
  accountNumber: requiredText(10)
    .refine((v) => ACCOUNT_NUMBER_RE.test(v), {
      error: () => t('settings.accountNumberInvalid'),
    })
    .meta({ pattern: ACCOUNT_NUMBER_RE.source, description: 'Ten digits (NUBAN)' }),
  bankName: choice(NIGERIAN_BANKS),
  contactEmail: email(),
  contactPhone: requiredPhone(),
  contactAddress: requiredText(TEXT_LIMITS.medium),
  pledgeExpiryDays: queryInt(1, 90).describe('Days a pledge stays open before it lapses, 1 to 90'),
  // Optional so that clients written before it keep working: absent leaves it as it is.
  welcomeMail: z
    .boolean()
    .optional()
    .describe('Send a welcome mail when an application is approved; left as it is when absent'),
  // The online payment provider's fee rule: each left as it is when absent.
  ...feeRuleInput.partial().shape,
  confirmWorkingDays: queryInt(1, 30)
    .optional()
    .describe('Working days confirming a transfer usually takes, told on the pledge page, 1 to 30'),
  cacRcNumber: optionalText(40)
    .refine((v) => v === '' || CAC_NUMBER_RE.test(v), { error: () => t('settings.cacInvalid') })
    .optional()
    .describe("The foundation's CAC registration number, printed on receipts (e.g. RC 1234567 or IT 123456)"),
});
export type SettingsInput = z.output<typeof settingsInput>;
export type Settings = Required<SettingsInput>;

/** The kinds of activity the trail can be filtered by: the first part of an event's action. */
export const ACTIVITY_KINDS = [
  'auth',
  'user',
  'settings',
  'campaign',
  'upload',
  'submission',
  'pledge',
  'gift',
  'statement',
  'backup',
  'text',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => t('validation.date') })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: () => t('validation.date') });

/** GET /api/audit and activity.page: newest first, a page at a time, optionally filtered. */
export const activityQuery = z.object({
  limit: queryInt(1, 200, 'limit').optional().describe('Events per page, 1 to 200 (50 when not given)'),
  before: pageCursor.optional(),
  actor: z.string().max(2048).optional().describe("Only this staff member's actions (their id)"),
  kind: choice(ACTIVITY_KINDS).optional().describe('Only this kind of action'),
  from: isoDay.optional().describe('From this day (Lagos time), YYYY-MM-DD'),
  to: isoDay.optional().describe('Up to and including this day (Lagos time), YYYY-MM-DD'),
});
export type ActivityQuery = z.output<typeof activityQuery>;

/** The dashboard's form for it: the new password typed twice. */
export const passwordChangeForm = passwordChangeInput
  .extend({ confirmPassword: typedPassword() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: () => t('account.passwordsDiffer'),
  });
