/**
 * The newsletter's mailed links. The confirm page posts to /api/newsletter/confirm; the
 * unsubscribe link is a page address that also takes the one-click POST mail programs send
 * (RFC 8058). Both take a plain HTML form post too, answered with the page showing what happened.
 * A GET never changes anything: mail scanners open links.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFIRM_ACTION,
  CONFIRM_PAGE,
  type LinkOutcome,
  newsletterLinkAnswer,
  newsletterLinkInput,
  oneClickBody,
  UNSUBSCRIBE_PAGE,
} from '../../shared/schemas/newsletter';
import { actorOfRequest } from '../auth/guards';
import type { Deps } from '../deps';
import { ValidationError } from '../errors';
import {
  NEWSLETTER_CONFIRMED_EXAMPLE,
  NEWSLETTER_LINK_EXAMPLE,
  NEWSLETTER_UNSUBSCRIBED_EXAMPLE,
  ONE_CLICK_EXAMPLE,
} from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { answer, BODY_REFUSALS, formRefusal, HTML_PAGE, refusals } from '../http/route-docs';
import { wantsPage } from '../http/wants-page';
import type { ZodApp } from '../http/zod-schemas';
import { FORM_CONTENT_TYPE, formInput, isFormPost, parseFormBody } from '../submissions/form-post';
import { checkLink, confirmSubscription, unsubscribe } from './service';

const tags = ['submissions'];

/**
 * Runs a link's change: JSON answers as usual; a browser's form post (when pages are rendered
 * here) is answered with the link's page in its done or refused state. A mail program's one-click
 * post asks for no page: it gets the JSON answer.
 */
async function linkAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  pages: Pages,
  page: string,
  change: () => Promise<{ message: string }>,
) {
  const form = isFormPost(req) && wantsPage(req) && pages.rendered;
  const show = (outcome: LinkOutcome) => pages.sendOutcome(req, reply, page, outcome);
  reply.header('cache-control', 'no-store');
  try {
    if (req.validationError) throw req.validationError;
    const done = await change();
    return form ? show({ ok: true, message: done.message }) : done;
  } catch (error) {
    if (form && error instanceof ValidationError) return show({ ok: false, message: error.message });
    throw error;
  }
}

const MULTIPART = 'multipart/form-data';

/** The text fields of a small multipart/form-data body (the one-click body has one). */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, split.index))?.[1];
    if (name && !Object.hasOwn(fields, name))
      fields[name] = part.slice(split.index + split[0].length).replace(/\r?\n$/, '');
  }
  return fields;
}

export async function newsletterRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  await app.register(async (forms: ZodApp) => {
    forms.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseFormBody(body as string)),
    );
    // RFC 8058 lets a mail program post the one-click body as multipart/form-data too.
    forms.addContentTypeParser(MULTIPART, { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) =>
      done(null, multipartFields(body as string, req.headers['content-type'] ?? '')),
    );

    forms.post(
      CONFIRM_ACTION,
      {
        attachValidation: true,
        preValidation: async (req) => {
          if (isFormPost(req))
            req.body = formInput(newsletterLinkInput, req.body as Record<string, string | string[]>) as typeof req.body;
        },
        config: { budget: 'form', openapiExample: NEWSLETTER_LINK_EXAMPLE },
        schema: {
          tags,
          operationId: 'confirmNewsletter',
          summary: 'Confirm a newsletter subscription',
          description:
            'With the token of the link mailed to a new subscriber (valid 7 days, usable once). The address becomes a confirmed, active subscriber, also when it had unsubscribed. Posted as an HTML form (the confirm page before its script loads), the answer is that page showing the outcome.',
          body: newsletterLinkInput,
          consumes: ['application/json', FORM_CONTENT_TYPE],
          response: {
            200: answer('Confirmed', newsletterLinkAnswer, { example: NEWSLETTER_CONFIRMED_EXAMPLE, html: true }),
            ...refusals(...BODY_REFUSALS),
            400: formRefusal(),
          },
        },
      },
      (req, reply) =>
        linkAnswer(req, reply, pages, CONFIRM_PAGE, () => confirmSubscription(deps, req.body, actorOfRequest(req))),
    );

    forms.post(
      UNSUBSCRIBE_PAGE,
      {
        attachValidation: true,
        config: { budget: 'form', openapiExample: ONE_CLICK_EXAMPLE },
        schema: {
          tags,
          operationId: 'unsubscribeNewsletter',
          summary: 'Leave the newsletter in one click (RFC 8058)',
          description:
            "The address of the List-Unsubscribe header of the site's mails, and of the unsubscribe page's button: no sign-in, the link's token says who. The subscription is set unsubscribed; a second time changes nothing and answers the same. Posted from a browser's form, the answer is the unsubscribe page showing the outcome.",
          querystring: newsletterLinkInput,
          body: oneClickBody,
          consumes: [FORM_CONTENT_TYPE, MULTIPART],
          response: {
            200: answer('Unsubscribed', newsletterLinkAnswer, { example: NEWSLETTER_UNSUBSCRIBED_EXAMPLE, html: true }),
            ...refusals(...BODY_REFUSALS),
            400: formRefusal(),
          },
        },
      },
      (req, reply) =>
        linkAnswer(req, reply, pages, UNSUBSCRIBE_PAGE, () => unsubscribe(deps, req.query, actorOfRequest(req))),
    );
  });

  // The pages themselves: a link that cannot work says so at once (400), before any button.
  const linkPage = (page: string, purpose: 'newsletter.confirm' | 'newsletter.unsubscribe', operationId: string) =>
    app.get(
      page,
      {
        // A token that is missing or malformed is answered with the page, like one that expired.
        attachValidation: true,
        config: { budget: 'read' },
        schema: {
          tags,
          operationId,
          summary: `The page of the ${purpose === 'newsletter.confirm' ? 'confirmation' : 'unsubscribe'} link`,
          description:
            'For browsers. Opening it changes nothing (mail scanners open links): its button posts. Never cached.',
          querystring: newsletterLinkInput,
          produces: ['text/html'],
          response: {
            200: { description: 'The page, with its button', content: { 'text/html': HTML_PAGE } },
            ...refusals(),
            400: { description: 'The link cannot work: the page says why', content: { 'text/html': HTML_PAGE } },
          },
        },
      },
      async (req, reply) => {
        const token = (req.query as Record<string, unknown>).token;
        try {
          await checkLink(deps, purpose, typeof token === 'string' ? token : '');
        } catch (error) {
          if (error instanceof ValidationError)
            return pages.sendOutcome(req, reply, page, { ok: false, message: error.message });
          throw error;
        }
        return pages.send(req, reply);
      },
    );
  linkPage(CONFIRM_PAGE, 'newsletter.confirm', 'newsletterConfirmPage');
  linkPage(UNSUBSCRIBE_PAGE, 'newsletter.unsubscribe', 'newsletterUnsubscribePage');
}
