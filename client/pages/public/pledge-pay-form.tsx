/**
 * The pledge page's "Pay online now" and "Try again": Paystack's checkout for what the pledge
 * asks. Without the script it posts to POST /api/pledges/{reference}/pay, answered 303 to the
 * checkout or back to the pledge page with ?pay=failed; with it, pledge.pay answers the checkout's
 * address and the browser goes there. An email is asked only when the pledge has none: Paystack
 * needs one and sends its receipt there.
 */
import { type FormEvent, useState } from 'react';
import { t } from '../../../shared/messages';
import type { FeeRule } from '../../../shared/payment-fees';
import { lazySchema, useSchemaForm } from '../../components/form/schema-form';
import { TextField } from '../../components/form/text-field';
import { readServerError } from '../../lib/server-error';
import { useSiteMutation } from '../../lib/site-mutations';
import { useBackFromCheckout } from './checkout-return';
import { coverFeesText, feesApply } from './cover-fees';

// Imported when the donor first sends, so the pledge page's first load carries no zod.
const payWithPledgeEmail = lazySchema(() => import('../../../shared/schemas/payments').then((m) => m.payInput));
const payWithNewEmail = lazySchema(() =>
  import('../../../shared/schemas/payments').then((m) => m.payInput.safeExtend({ email: m.onlineEmail() })),
);

export function PledgePayForm({
  reference,
  amount,
  hasEmail,
  fees,
  submit,
}: {
  reference: string;
  /** What paying now settles, in naira. */
  amount: number;
  hasEmail: boolean;
  fees: FeeRule;
  /** The button's words: "Pay online now" or "Try again". */
  submit: string;
}) {
  const form = useSchemaForm(hasEmail ? payWithPledgeEmail : payWithNewEmail, {
    defaultValues: { email: '', coverFees: false },
  });
  const pay = useSiteMutation('pledge.pay');
  const [failure, setFailure] = useState('');
  // Set once the checkout's address is known: the button stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false);
  // Back from the checkout: the same pledge may be tried again.
  useBackFromCheckout(() => setLeaving(false));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.methods.formState.isSubmitting || leaving) return;
    setFailure('');
    void form.methods.handleSubmit(
      async (values) => {
        try {
          const { authorizationUrl } = await pay.mutateAsync({ reference, ...values });
          setLeaving(true);
          window.location.assign(authorizationUrl);
        } catch (error) {
          const server = readServerError(error);
          form.showServerErrors(server.fieldErrors);
          setFailure(server.message ?? t('pay.startFailed'));
        }
      },
      (errors) => errors.root?.schema && setFailure(t('pay.startFailed')),
    )(event);
  };

  const busy = form.methods.formState.isSubmitting || leaving;
  const coverId = form.fieldId('coverFees');
  return (
    <form
      className="pledge-pay__form"
      method="post"
      action={`/api/pledges/${encodeURIComponent(reference)}/pay`}
      noValidate
      onSubmit={onSubmit}
    >
      {!hasEmail && (
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('pay.email')}
          hint={t('pay.emailWhy')}
          autoComplete="email"
          maxLength={254}
        />
      )}
      {feesApply(fees) && (
        <label className="pledge-pay__check" htmlFor={coverId}>
          <input id={coverId} type="checkbox" {...form.methods.register('coverFees')} />
          {coverFeesText(amount, fees)}
        </label>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? t('pay.opening') : submit}
      </button>
    </form>
  );
}
