/**
 * The few calls this site makes to Paystack's API, over HTTPS with the secret key, and the check
 * of its webhooks' signatures. Answers are read with schemas that keep only what the site uses
 * and accept what Paystack adds later. Paystack not answering, or answering oddly, is one error
 * (PaystackUnavailable): callers tell the donor the pledge still stands for a transfer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaystackConfig } from '../config';

/** How long a call may take: the donor is waiting on the give panel or the pledge page. */
const CALL_TIMEOUT_MS = 8_000;

/** Where Paystack's checkout pages are: the site's forms redirect donors there. */
const CHECKOUT_ORIGIN = 'https://checkout.paystack.com';

/** The origins a give form may lead to (the page's form-action policy): none while online payment is off. */
export const checkoutOrigins = (config: PaystackConfig | undefined): string[] =>
  config ? [...new Set([CHECKOUT_ORIGIN, new URL(config.apiUrl).origin])] : [];

export class PaystackUnavailable extends Error {
  override name = 'PaystackUnavailable';
}

/** Kobo as Paystack sends it: a number, or in some events a string of digits. */
const kobo = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

/** A transaction as verify answers it and as charge.success carries it: what the site reads. */
export const paystackTransaction = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  status: z.string().max(40),
  reference: z.string().max(100),
  amount: kobo,
  currency: z.string().max(10),
  channel: z.string().max(40).nullish(),
  fees: kobo.nullish(),
  paid_at: z.string().max(40).nullish(),
  paidAt: z.string().max(40).nullish(),
});
export type PaystackTransaction = z.output<typeof paystackTransaction>;

/** refund.processed's data: which transaction, how much. */
export const paystackRefund = z.object({
  transaction_reference: z.string().max(100),
  amount: kobo,
  currency: z.string().max(10),
  status: z.string().max(40).optional(),
});
export type PaystackRefund = z.output<typeof paystackRefund>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

async function call<T extends z.ZodType>(
  config: PaystackConfig,
  method: 'GET' | 'POST',
  path: string,
  schema: T,
  body?: unknown,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<z.output<T>> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new PaystackUnavailable(`${method} ${path}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaystackUnavailable(`${method} ${path}: ${response.status}, not JSON`);
  }
  const parsed = envelope(schema).safeParse(json);
  if (!response.ok || !parsed.success) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new PaystackUnavailable(
      `${method} ${path}: ${response.status}${typeof message === 'string' ? `, ${message.slice(0, 200)}` : ''}`,
    );
  }
  return (parsed.data as { data: z.output<T> }).data;
}

export interface InitializeRequest {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string>;
}

/** POST /transaction/initialize: the checkout page the donor is sent to. */
export async function initializeTransaction(config: PaystackConfig, request: InitializeRequest) {
  const data = await call(
    config,
    'POST',
    '/transaction/initialize',
    z.object({ authorization_url: z.string().url().max(2000), reference: z.string().max(100).optional() }),
    {
      email: request.email,
      // Paystack takes the amount in the currency's subunit, as a string.
      amount: String(request.amountKobo),
      currency: 'NGN',
      reference: request.reference,
      callback_url: request.callbackUrl,
      metadata: request.metadata,
    },
  );
  // The donor's browser goes there: only Paystack's own https page (or the configured API's host in tests).
  const url = new URL(data.authorization_url);
  if (url.protocol !== 'https:' && url.host !== new URL(config.apiUrl).host)
    throw new PaystackUnavailable('initialize: an authorization URL that is not https');
  return { authorizationUrl: url.href };
}

/** GET /transaction/verify/{reference}: how the transaction stands, from Paystack itself. */
export const verifyTransaction = (
  config: PaystackConfig,
  reference: string,
  timeoutMs?: number,
): Promise<PaystackTransaction> =>
  call(
    config,
    'GET',
    `/transaction/verify/${encodeURIComponent(reference)}`,
    paystackTransaction,
    undefined,
    timeoutMs,
  );

/**
 * Whether a webhook's body was signed by Paystack: `x-paystack-signature` is the hex HMAC-SHA512
 * of the raw body with the secret key. Compared in constant time; a header of any other length
 * or form is refused before comparing.
 */
export function webhookSignatureValid(config: PaystackConfig, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = createHmac('sha512', config.secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
