/**
 * The foundation's settings: bank account, public contact details, the pledge expiry and whether an
 * approved application gets a welcome mail. One row
 * in the database, written when an admin first saves; until then the first values hold, from the
 * environment (BANK_ACCOUNT_NAME, BANK_ACCOUNT_NUMBER) and the foundation's constants. A change bumps the public data version (a trigger), so cached
 * campaigns and pages pick it up at once on every instance.
 */
import { DEFAULT_BANK_NAME, FOUNDATION } from '../../shared/constants';
import { t } from '../../shared/messages';
import { DEFAULT_FEE_RULE, type FeeRule } from '../../shared/payment-fees';
import type { Settings, SettingsInput } from '../../shared/schemas/staff';
import { type Actor, audit } from '../audit/audit';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { Deps } from '../deps';

/** What the site starts with before an admin saves anything. */
export const firstSettings = (config: Pick<Config, 'bank'>): Settings => ({
  accountName: config.bank.accountName,
  accountNumber: config.bank.accountNumber,
  bankName: DEFAULT_BANK_NAME,
  contactEmail: FOUNDATION.email,
  contactPhone: FOUNDATION.phone,
  contactAddress: FOUNDATION.address,
  pledgeExpiryDays: 14,
  welcomeMail: false,
  ...feeRuleFields(DEFAULT_FEE_RULE),
  confirmWorkingDays: 2,
  cacRcNumber: '',
});

/** The fee rule as the settings name its fields. */
function feeRuleFields(rule: FeeRule) {
  return { feePercent: rule.percent, feeFlat: rule.flat, feeWaivedBelow: rule.flatWaivedBelow, feeCap: rule.cap };
}

/** The settings' fee rule as shared/payment-fees.ts computes with it. */
export const feeRuleOf = (s: Settings): FeeRule => ({
  percent: s.feePercent,
  flat: s.feeFlat,
  flatWaivedBelow: s.feeWaivedBelow,
  cap: s.feeCap,
});

/**
 * The saved row, or the first values while no admin has saved any, read with `db` itself. Inside
 * a transaction this is the way to read them: on PGlite the transaction holds the one connection,
 * and joining a load of the shared copy (getSettings) that another request started on it would
 * wait for this transaction forever.
 */
export async function readSettings(db: DB, config: Pick<Config, 'bank'>): Promise<Settings> {
  const row = await db
    .selectFrom('site_settings')
    .select([
      'accountName',
      'accountNumber',
      'bankName',
      'contactEmail',
      'contactPhone',
      'contactAddress',
      'pledgeExpiryDays',
      'welcomeMail',
      'feePercentBps',
      'feeFlat',
      'feeWaivedBelow',
      'feeCap',
      'confirmWorkingDays',
      'cacRcNumber',
    ])
    .executeTakeFirst();
  if (!row) return firstSettings(config);
  const { feePercentBps, ...rest } = row;
  return { ...rest, feePercent: feePercentBps / 100 } as Settings;
}

/** The input's fields that were given: an absent optional field leaves the stored value. */
const definedOf = (input: SettingsInput) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Settings>;

/** The settings, from memory while the public data version holds. */
export const getSettings = (deps: Pick<Deps, 'db' | 'publicData' | 'config'>): Promise<Settings> =>
  deps.publicData.settings(() => readSettings(deps.db, deps.config));

/** What visitors see of the settings: the account to give to and how to reach the foundation. */
export async function publicSettings(deps: Pick<Deps, 'db' | 'publicData' | 'config'>) {
  const s = await getSettings(deps);
  return {
    bank: { accountName: s.accountName, accountNumber: s.accountNumber, bankName: s.bankName },
    contact: { email: s.contactEmail, phone: s.contactPhone, address: s.contactAddress },
    // Whether the give panel offers to pay online, and the fee rule it shows the cover with.
    online: { enabled: deps.config.paystack !== undefined, fees: feeRuleOf(s) },
    // The site's configured address: share links are built on it, never on the request's host.
    siteUrl: deps.config.publicUrl,
    // How long confirming a transfer usually takes: the pledge page's "After you transfer" box says it.
    giving: { confirmWorkingDays: s.confirmWorkingDays },
    // The foundation's registration number, printed on receipts when set ('' until then).
    cacRcNumber: s.cacRcNumber,
  };
}

/** What the dashboard's Settings shows of online payment: on or off, test or live, never the key. */
export const onlinePaymentStatus = (config: Pick<Config, 'paystack'>) => ({
  enabled: config.paystack !== undefined,
  mode: config.paystack?.mode ?? null,
});

/** Saves every field; the answer holds on every instance once it returns. Audited. */
export async function updateSettings(
  deps: Pick<Deps, 'db' | 'publicData' | 'config' | 'publicDataVersion' | 'now'>,
  input: SettingsInput,
  actor: Actor,
): Promise<{ message: string; settings: Awaited<ReturnType<typeof staffSettings>> }> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, deps.config);
    const { feePercent, ...fields } = { ...before, ...definedOf(input) };
    const row = { ...fields, feePercentBps: Math.round(feePercent * 100), updatedAt: deps.now() };
    await trx
      .insertInto('site_settings')
      .values({ id: true, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    const changed = (Object.keys(input) as (keyof Settings)[]).filter(
      (key) => input[key] !== undefined && input[key] !== before[key],
    );
    await audit(trx, actor, 'settings.updated', null, changed.join(', ') || 'nothing changed');
  });
  await deps.publicDataVersion.settle();
  return { message: t('settings.saved'), settings: await staffSettings(deps) };
}

/** What staff see in Settings: every field, and whether online payment is on (never its key). */
export async function staffSettings(deps: Pick<Deps, 'db' | 'publicData' | 'config'>) {
  return { ...(await getSettings(deps)), onlinePayment: onlinePaymentStatus(deps.config) };
}
