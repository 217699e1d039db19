/**
 * Paystack at the network boundary: a real HTTP server on a free local port that answers the two
 * API calls the site makes (initialize, verify) with Paystack's request and answer shapes, serves a
 * small hosted checkout page with "Pay" and "Cancel" buttons, and sends signed webhooks as Paystack
 * does. The shapes follow Paystack's API reference and its published snippets (docs/payments.md,
 * "Where the test double's shapes come from").
 *
 * Tests drive it by hand too: `pay` settles a transaction as the donor would on the checkout page,
 * `refund` reverses it, `setDown` makes Paystack unreachable, and `webhookBody`/`signature`/
 * `sendWebhook` build and deliver events, well signed or not. Every request is kept in `requests`.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FEE_RULE, type FeeRule, feeKoboOn } from '../../shared/payment-fees';

/** A transaction's status as Paystack's verify answer gives it. */
export type PaystackStatus = 'abandoned' | 'ongoing' | 'success' | 'failed' | 'reversed';

/** One transaction as the double keeps it. Amounts are in kobo, as on Paystack's wire. */
export interface PaystackTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** What initialize asked for. */
  requestedKobo: number;
  /** What the donor paid: the requested amount unless `pay` said otherwise. */
  amountKobo: number;
  currency: 'NGN';
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: PaystackStatus;
  channel: string;
  /** Paystack's fee, known once paid. */
  feesKobo: number | null;
  paidAt: string | null;
  createdAt: string;
  gatewayResponse: string;
  customer: { id: number; customerCode: string };
}

/** What a request to the double was, as it arrived. */
export interface LoggedRequest {
  method: string;
  /** Path and query, e.g. `/transaction/verify/ABCD2345-1`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** How the donor's payment ends, on the checkout page or through `pay`. */
export interface PayOutcome {
  /** 'success' unless told. */
  status?: Exclude<PaystackStatus, 'reversed'>;
  /** 'card' unless told (Paystack's channels: card, bank, bank_transfer, ussd, qr, mobile_money...). */
  channel?: string;
  /** What was paid, when it differs from what was asked. */
  amountKobo?: number;
  /** Paystack's fee, when it differs from the fee rule's. */
  feesKobo?: number;
}

/** A webhook the double delivered, and how the site answered it. */
export interface DeliveredWebhook {
  url: string;
  event: string;
  /** 0 when the site could not be reached. */
  status: number;
  body: string;
}

export interface PaystackDouble {
  /** Use as PAYSTACK_API_URL. */
  url: string;
  /** Every request received, oldest first. */
  requests: LoggedRequest[];
  /** Every transaction by its reference. */
  transactions: Map<string, PaystackTransaction>;
  /** Webhooks sent from the checkout page, oldest first. */
  webhooks: DeliveredWebhook[];
  /** The requests to one API path (e.g. '/transaction/initialize'), or starting with it. */
  requestsTo(path: string): LoggedRequest[];
  /**
   * Paystack out of reach: every request is answered 503 ('refuse') or its connection dropped
   * without an answer ('drop'). `setDown(false)` brings it back.
   */
  setDown(down: boolean, how?: 'refuse' | 'drop'): void;
  /** Where the checkout page posts charge.success when the donor pays; undefined sends nothing. */
  setWebhookUrl(url: string | undefined): void;
  /** How the checkout page's "Pay" button ends the payment (success by card unless told). */
  setCheckout(outcome: PayOutcome): void;
  /** Ends a transaction as the donor's payment would; answers its data as verify would show it. */
  pay(reference: string, outcome?: PayOutcome): Record<string, unknown>;
  /** Refunds a paid transaction (whole unless told); answers the refund.processed event's data. */
  refund(reference: string, options?: { amountKobo?: number }): Record<string, unknown>;
  /** A transaction as verify and charge.success carry it. */
  transactionData(reference: string): Record<string, unknown>;
  /** The raw body of a webhook event, as Paystack sends it. */
  webhookBody(event: string, data: unknown): string;
  /** The x-paystack-signature of a raw body: hex HMAC-SHA512 with the secret key (or another). */
  signature(rawBody: string, secretKey?: string): string;
  /**
   * Posts an event to a listening site. `signature: null` leaves the header out; `rawBody` sends
   * other bytes than those signed (a body changed on the way).
   */
  sendWebhook(
    targetUrl: string,
    event: string,
    data: unknown,
    options?: { signature?: string | null; secretKey?: string; rawBody?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface PaystackDoubleOptions {
  /** The secret key the site must present (sk_test_…), which also signs webhooks. */
  secretKey: string;
  /** Where the checkout page posts charge.success when the donor pays. */
  webhookUrl?: string;
  /** The fee Paystack takes on a payment; its published local rule unless told. */
  feeRule?: FeeRule;
}

/** Ids grow across every double of a test process, as Paystack's do, so two doubles never share one. */
let lastTransactionId = 3_100_000_000;
let lastCustomerId = 180_000_000;

/** Paystack's references: letters, digits, '-', '.', '='. */
const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BODY_LIMIT = 1024 * 1024;

const GATEWAY_RESPONSES: Record<PaystackStatus, string> = {
  abandoned: 'The transaction was not completed',
  ongoing: 'Transaction ongoing',
  success: 'Successful',
  failed: 'Declined',
  reversed: 'Successful',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A random lower-case token, as Paystack's access codes and customer codes look. */
const token = (length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** Kobo as Paystack takes it: a whole number above zero, as a number or as digits in a string. */
function koboOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  }
  return undefined;
}

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks initialize's body as the site must send it (contract of server/payments/); answers the
 * message Paystack gives for the first fault, or the fields it takes.
 */
function readInitialize(body: unknown):
  | { error: string }
  | {
      email: string;
      amountKobo: number;
      reference: string;
      callbackUrl: string;
      metadata: Record<string, unknown>;
    } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { error: 'Invalid request body' };
  const b = body as Record<string, unknown>;
  if (typeof b.email !== 'string' || !EMAIL.test(b.email)) return { error: 'Invalid Email Address Passed' };
  const amountKobo = koboOf(b.amount);
  if (amountKobo === undefined) return { error: 'Invalid Amount Sent' };
  if (b.currency !== 'NGN') return { error: 'Currency not supported by merchant' };
  if (typeof b.reference !== 'string' || !REFERENCE.test(b.reference)) {
    return { error: 'Invalid transaction reference. Only -, ., = and alphanumeric characters allowed' };
  }
  if (!isAbsoluteUrl(b.callback_url)) return { error: 'Invalid callback_url' };
  if (typeof b.metadata !== 'object' || b.metadata === null || Array.isArray(b.metadata)) {
    return { error: 'Invalid metadata' };
  }
  return {
    email: b.email,
    amountKobo,
    reference: b.reference,
    callbackUrl: b.callback_url,
    metadata: b.metadata as Record<string, unknown>,
  };
}

export async function startPaystackDouble(options: PaystackDoubleOptions): Promise<PaystackDouble> {
  const { secretKey } = options;
  const feeRule = options.feeRule ?? DEFAULT_FEE_RULE;
  let webhookUrl = options.webhookUrl;
  let checkout: PayOutcome = {};
  let down: false | 'refuse' | 'drop' = false;
  const requests: LoggedRequest[] = [];
  const transactions = new Map<string, PaystackTransaction>();
  const byAccessCode = new Map<string, PaystackTransaction>();
  const webhooks: DeliveredWebhook[] = [];
  let url = '';

  const find = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`The Paystack double has no transaction ${reference}`);
    return tx;
  };

  /** Paystack's verify answer's `data`, field by field in its order (the payment's `log` left null). */
  const transactionData = (reference: string): Record<string, unknown> => {
    const tx = find(reference);
    const paid = tx.status === 'success' || tx.status === 'reversed';
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount: tx.amountKobo,
      message: null,
      gateway_response: tx.gatewayResponse,
      paid_at: tx.paidAt,
      created_at: tx.createdAt,
      channel: tx.channel,
      currency: tx.currency,
      ip_address: '127.0.0.1',
      metadata: tx.metadata,
      log: null,
      fees: tx.feesKobo,
      fees_split: null,
      authorization: paid
        ? {
            authorization_code: `AUTH_${token(10)}`,
            bin: '408408',
            last4: '4081',
            exp_month: '12',
            exp_year: '2030',
            channel: tx.channel,
            card_type: 'visa ',
            bank: 'TEST BANK',
            country_code: 'NG',
            brand: 'visa',
            reusable: true,
            signature: `SIG_${token(20)}`,
            account_name: null,
          }
        : {},
      customer: {
        id: tx.customer.id,
        first_name: null,
        last_name: null,
        email: tx.email,
        customer_code: tx.customer.customerCode,
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt: tx.paidAt,
      createdAt: tx.createdAt,
      requested_amount: tx.requestedKobo,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      transaction_date: tx.createdAt,
      plan_object: {},
      subaccount: {},
    };
  };

  const pay = (reference: string, outcome: PayOutcome = {}) => {
    const tx = find(reference);
    const status = outcome.status ?? 'success';
    tx.status = status;
    tx.channel = outcome.channel ?? 'card';
    tx.gatewayResponse = GATEWAY_RESPONSES[status];
    if (status === 'success') {
      tx.amountKobo = outcome.amountKobo ?? tx.requestedKobo;
      tx.feesKobo = outcome.feesKobo ?? feeKoboOn(tx.amountKobo, feeRule);
      tx.paidAt = new Date().toISOString();
    } else {
      tx.feesKobo = null;
      tx.paidAt = null;
    }
    return transactionData(reference);
  };

  /** refund.processed's data, as Paystack's webhook reference shows it (amount as a string there). */
  const refund = (reference: string, refundOptions: { amountKobo?: number } = {}) => {
    const tx = find(reference);
    if (tx.status !== 'success') throw new Error(`Transaction ${reference} is ${tx.status}: only a paid one refunds`);
    tx.status = 'reversed';
    return {
      status: 'processed',
      transaction_reference: tx.reference,
      refund_reference: `TRF_${token(15)}`,
      amount: String(refundOptions.amountKobo ?? tx.amountKobo),
      currency: tx.currency,
      processor: 'mpgs_zen',
      customer: { first_name: null, last_name: null, email: tx.email },
      integration: 412829,
      domain: 'test',
    };
  };

  const webhookBody = (event: string, data: unknown) => JSON.stringify({ event, data });
  const signature = (rawBody: string, key = secretKey) => createHmac('sha512', key).update(rawBody).digest('hex');

  const sendWebhook: PaystackDouble['sendWebhook'] = async (targetUrl, event, data, sendOptions = {}) => {
    const signed = webhookBody(event, data);
    const sig = sendOptions.signature === undefined ? signature(signed, sendOptions.secretKey) : sendOptions.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (sig !== null) headers['x-paystack-signature'] = sig;
    const res = await fetch(targetUrl, { method: 'POST', headers, body: sendOptions.rawBody ?? signed });
    return { status: res.status, body: await res.text() };
  };

  // ---- The API --------------------------------------------------------------------------------

  const authorised = (req: IncomingMessage) => req.headers.authorization === `Bearer ${secretKey}`;

  function initialize(res: ServerResponse, body: unknown) {
    const read = readInitialize(body);
    if ('error' in read) return sendJson(res, 400, { status: false, message: read.error });
    if (transactions.has(read.reference)) {
      return sendJson(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    }
    const tx: PaystackTransaction = {
      id: ++lastTransactionId,
      reference: read.reference,
      accessCode: token(15),
      email: read.email,
      requestedKobo: read.amountKobo,
      amountKobo: read.amountKobo,
      currency: 'NGN',
      callbackUrl: read.callbackUrl,
      metadata: read.metadata,
      // Paystack reports a transaction nobody has paid yet as abandoned.
      status: 'abandoned',
      channel: 'card',
      feesKobo: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
      gatewayResponse: GATEWAY_RESPONSES.abandoned,
      customer: { id: ++lastCustomerId, customerCode: `CUS_${token(15)}` },
    };
    transactions.set(tx.reference, tx);
    byAccessCode.set(tx.accessCode, tx);
    sendJson(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${url}/checkout/${tx.accessCode}`,
        access_code: tx.accessCode,
        reference: tx.reference,
      },
    });
  }

  function verify(res: ServerResponse, reference: string) {
    if (!transactions.has(reference)) {
      return sendJson(res, 400, { status: false, message: 'Transaction reference not found' });
    }
    sendJson(res, 200, { status: true, message: 'Verification successful', data: transactionData(reference) });
  }

  // ---- The hosted checkout -----------------------------------------------------------------------

  function checkoutPage(res: ServerResponse, tx: PaystackTransaction) {
    const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(tx.requestedKobo / 100);
    const open = tx.status === 'abandoned' || tx.status === 'ongoing';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Paystack Checkout</title></head>
<body>
<main>
<h1>Pay ${escapeHtml(naira)}</h1>
<p>${escapeHtml(tx.email)}</p>
<p>Reference: ${escapeHtml(tx.reference)}</p>
${
  open
    ? `<form method="post" action="/checkout/${tx.accessCode}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${tx.accessCode}/cancel"><button type="submit">Cancel</button></form>`
    : `<p>This transaction is ${escapeHtml(tx.status)}.</p>`
}
</main>
</body>
</html>`);
  }

  /** Posts charge.success to the site, as Paystack does once a payment succeeds; records the answer. */
  async function notify(reference: string) {
    if (!webhookUrl) return;
    const target = webhookUrl;
    try {
      const answer = await sendWebhook(target, 'charge.success', transactionData(reference));
      webhooks.push({ url: target, event: 'charge.success', ...answer });
    } catch (error) {
      webhooks.push({ url: target, event: 'charge.success', status: 0, body: (error as Error).message });
    }
  }

  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location });
    res.end();
  };

  async function checkoutAction(res: ServerResponse, tx: PaystackTransaction, action: 'pay' | 'cancel') {
    if (action === 'cancel') {
      if (tx.status === 'abandoned' || tx.status === 'ongoing') pay(tx.reference, { status: 'abandoned' });
      const cancel = tx.metadata.cancel_action;
      return redirect(res, isAbsoluteUrl(cancel) ? cancel : tx.callbackUrl);
    }
    // A transaction already ended sends the donor back without charging again.
    if (tx.status === 'abandoned' || tx.status === 'ongoing') {
      pay(tx.reference, checkout);
      // Awaited before the redirect, so that a test knows the site heard of the payment first.
      if ((checkout.status ?? 'success') === 'success') await notify(tx.reference);
    }
    const back = new URL(tx.callbackUrl);
    back.searchParams.set('trxref', tx.reference);
    back.searchParams.set('reference', tx.reference);
    redirect(res, back.toString());
  }

  // ---- Routing --------------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    requests.push({ method, path, headers: req.headers, body });

    if (down === 'drop') {
      req.socket.destroy();
      return;
    }
    if (down === 'refuse') return sendJson(res, 503, { status: false, message: 'Service Unavailable' });

    const { pathname } = new URL(path, 'http://paystack.invalid');
    const checkoutMatch = /^\/checkout\/([a-z0-9]+)(?:\/(pay|cancel))?$/.exec(pathname);
    if (checkoutMatch) {
      const tx = byAccessCode.get(checkoutMatch[1]!);
      if (!tx) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('This payment page does not exist');
      }
      const action = checkoutMatch[2] as 'pay' | 'cancel' | undefined;
      if (!action && method === 'GET') return checkoutPage(res, tx);
      if (action && method === 'POST') return checkoutAction(res, tx, action);
      return sendJson(res, 405, { status: false, message: 'Method not allowed' });
    }

    if (!authorised(req)) return sendJson(res, 401, { status: false, message: 'Invalid key' });
    if (pathname === '/transaction/initialize' && method === 'POST') {
      if (typeof body === 'string') return sendJson(res, 400, { status: false, message: 'Invalid request body' });
      return initialize(res, body);
    }
    const verifyMatch = /^\/transaction\/verify\/([^/]+)$/.exec(pathname);
    if (verifyMatch && method === 'GET') return verify(res, decodeURIComponent(verifyMatch[1]!));
    sendJson(res, 404, { status: false, message: 'Route not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { status: false, message: error.message });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    transactions,
    webhooks,
    requestsTo: (prefix) => requests.filter((r) => r.path === prefix || r.path.startsWith(prefix)),
    setDown(isDown, how = 'refuse') {
      down = isDown ? how : false;
    },
    setWebhookUrl(target) {
      webhookUrl = target;
    },
    setCheckout(outcome) {
      checkout = outcome;
    },
    pay,
    refund,
    transactionData,
    webhookBody,
    signature,
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
