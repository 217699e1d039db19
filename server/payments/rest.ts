/**
 * REST paths of online payment: paying a pledge (the twin of pledge.pay, on the same schema and
 * service), and Paystack's webhook, which has no twin: only Paystack calls it, signed.
 */
import { z } from 'zod';
import { t } from '../../shared/messages';
import { payAnswer, payInput } from '../../shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError, UnauthorizedError, ValidationError } from '../errors';
import { PAY_ANSWER_EXAMPLE, PAY_EXAMPLE, WEBHOOK_EXAMPLE } from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { answer, BODY_REFUSALS, refusals, seeOther } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { FORM_CONTENT_TYPE, formInput, isFormPost, parseFormBody } from '../submissions/form-post';
import { paystackRefund, paystackTransaction, webhookSignatureValid } from './paystack';
import { recordPayment, recordRefund, startPayment } from './service';

const tags = ['giving'];
/** A webhook's body is a small JSON event; anything larger is not Paystack's. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/** Where a refused HTML pay form goes: the pledge page, saying the online payment did not start. */
export const payFailedPath = (reference: string) => `/pledge/${encodeURIComponent(reference)}?pay=failed`;

const webhookEvent = z.object({ event: z.string().max(100), data: z.unknown() });

export async function paymentsRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  await app.register(async (forms: ZodApp) => {
    forms.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseFormBody(body as string)),
    );
    forms.post(
      '/api/pledges/:reference/pay',
      {
        attachValidation: true,
        preValidation: async (req) => {
          if (isFormPost(req))
            req.body = formInput(payInput, req.body as unknown as Record<string, string | string[]>) as typeof req.body;
        },
        config: { budget: 'form', openapiExample: PAY_EXAMPLE },
        schema: {
          tags,
          operationId: 'payPledge',
          summary: "Pay a pledge online: Paystack's checkout page for it",
          description:
            "Starts a Paystack transaction for what is due on the pledge (in kobo, NGN) under a reference of its own, `<pledge reference>-<n>`, and answers the checkout page to send the donor to: by card, bank transfer or USSD. `email` is required unless the pledge has one (Paystack sends its receipt there). `coverFees` adds the provider's fee, by the rule in Settings, so that the foundation receives the whole pledge. Paystack sends the donor back to the pledge page, which confirms the payment with Paystack; its webhook confirms it too, and either records one gift. Posted as an HTML form, the answer is a 303 to the checkout page, or to the pledge page when refused.",
          params: z.object({ reference: z.string().max(64) }),
          body: payInput,
          consumes: ['application/json', FORM_CONTENT_TYPE],
          response: {
            200: answer('The checkout page', payAnswer, { example: PAY_ANSWER_EXAMPLE }),
            303: seeOther("From an HTML form: Location is Paystack's checkout page, or the pledge page when refused"),
            ...refusals(...BODY_REFUSALS, 404, 409, 503),
          },
        },
      },
      async (req, reply) => {
        const form = isFormPost(req) && pages.rendered;
        const reference = req.params.reference;
        try {
          if (req.validationError) throw req.validationError;
          const { authorizationUrl } = await startPayment(deps, reference, req.body);
          if (form) return reply.redirect(authorizationUrl, 303);
          return { authorizationUrl };
        } catch (error) {
          if (form && error instanceof DomainError && error.status !== 404)
            return reply.redirect(payFailedPath(reference), 303);
          throw error;
        }
      },
    );
  });

  // The webhook reads its body raw: the signature is over the exact bytes Paystack sent.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/paystack/webhook',
      {
        config: { budget: 'read', openapiExample: WEBHOOK_EXAMPLE },
        schema: {
          tags,
          operationId: 'paystackWebhook',
          summary: "Paystack's events: a payment made, a refund processed",
          description:
            "For Paystack only: set this address as the webhook URL in Paystack's dashboard. The body is signed: `x-paystack-signature` is the hex HMAC-SHA512 of the raw body with the secret key; any other body is refused (401), changes nothing and is logged. `charge.success` records the gift as the pledge page does (one gift per Paystack transaction, however often the event comes); `refund.processed` reverses it. Other events are acknowledged and ignored.",
          headers: z.object({
            'x-paystack-signature': z.string().max(1000).optional().describe('Hex HMAC-SHA512 of the raw body'),
          }),
          body: z.custom<Buffer>().meta({
            type: 'object',
            properties: { event: { type: 'string' }, data: { type: 'object' } },
            required: ['event', 'data'],
          }),
          response: {
            200: answer('Received', z.object({ received: z.literal(true) }), { example: { received: true } }),
            ...refusals(400, 401, 413),
          },
        },
      },
      async (req) => {
        const config = deps.config.paystack;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!config || !webhookSignatureValid(config, raw, req.headers['x-paystack-signature'])) {
          req.log.warn(
            { configured: config !== undefined, bytes: raw.length },
            'paystack webhook refused: bad signature',
          );
          throw new UnauthorizedError(t('pay.badSignature'));
        }
        let event: z.output<typeof webhookEvent>;
        try {
          event = webhookEvent.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          throw new ValidationError(t('request.invalid'));
        }
        if (event.event === 'charge.success') {
          const transaction = paystackTransaction.safeParse(event.data);
          if (!transaction.success) throw new ValidationError(t('request.invalid'));
          const outcome = await recordPayment(deps, transaction.data);
          req.log.info({ reference: transaction.data.reference, outcome }, 'paystack webhook: charge.success');
        } else if (event.event === 'refund.processed') {
          const refund = paystackRefund.safeParse(event.data);
          if (!refund.success) throw new ValidationError(t('request.invalid'));
          const outcome = await recordRefund(deps, refund.data);
          req.log.info({ reference: refund.data.transaction_reference, outcome }, 'paystack webhook: refund.processed');
        }
        return { received: true as const };
      },
    );
  });
}
