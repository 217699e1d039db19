/**
 * POST /api/pledges/lookup: the REST twin of pledge.lookup, same schema and service. It also takes
 * the /pledge-lookup page's HTML form post (before its script loads), answered 303 back to the
 * page saying the mail is asked for, or that the address was refused.
 */
import { pathInLanguage } from '../../shared/page-language';
import { LOOKUP_ERROR_PARAM, LOOKUP_SENT_PARAM, PLEDGE_LOOKUP_PAGE } from '../../shared/pledge-lookup';
import { messageAnswer } from '../../shared/schemas/answers';
import { pledgeLookupInput } from '../../shared/schemas/pledge-lookup';
import type { Deps } from '../deps';
import { ValidationError } from '../errors';
import { PLEDGE_LOOKUP_EXAMPLE, PLEDGE_LOOKUP_SENT_EXAMPLE } from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { answer, BODY_REFUSALS, refusals, seeOther } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { FORM_CONTENT_TYPE, formInput, isFormPost, parseFormBody } from '../submissions/form-post';
import { lookupPledges } from './lookup';

export async function pledgeLookupRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  await app.register(async (forms: ZodApp) => {
    forms.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseFormBody(body as string)),
    );
    forms.post(
      '/api/pledges/lookup',
      {
        attachValidation: true,
        preValidation: async (req) => {
          if (isFormPost(req))
            req.body = formInput(pledgeLookupInput, req.body as Record<string, string | string[]>) as typeof req.body;
        },
        config: { budget: 'form', openapiExample: PLEDGE_LOOKUP_EXAMPLE },
        schema: {
          tags: ['giving'],
          operationId: 'lookupPledges',
          summary: 'Mail the links to the pledges made with an email address',
          description:
            'For a donor who lost the payment reference. Always 202 with the same message, whether or not pledges were made with the address: the answer never shows them. When some were, one mail to the address lists the links to its open pledges (pending, not expired) and to those received in the last year (their page shows the receipt), in the language of its latest pledge; at most 3 such mails an hour and 10 a day to one mailbox, the address without its +tag, in any case (further requests get the same answer and no mail). A filled-in `website` field (the honeypot) gets the same answer and mails nothing. Too many requests from one client are answered 429 with `Retry-After`, whatever address they name. Posted as an HTML form, the answer is a 303 to /pledge-lookup?sent=1, or /pledge-lookup?error=email for an address that is not valid.',
          body: pledgeLookupInput,
          consumes: ['application/json', FORM_CONTENT_TYPE],
          response: {
            202: answer('Asked: a mail goes out if pledges were made with the address', messageAnswer, {
              example: PLEDGE_LOOKUP_SENT_EXAMPLE,
            }),
            303: seeOther(
              `From an HTML form: Location is ${PLEDGE_LOOKUP_PAGE}?${LOOKUP_SENT_PARAM}=1, or ?${LOOKUP_ERROR_PARAM}=email when refused`,
            ),
            ...refusals(...BODY_REFUSALS),
          },
        },
      },
      async (req, reply) => {
        // Without pages to answer with (an API-only server), a form post is answered as JSON.
        const form = isFormPost(req) && pages.rendered;
        if (req.validationError) {
          if (form && req.validationError instanceof ValidationError)
            return reply.redirect(pathInLanguage(`${PLEDGE_LOOKUP_PAGE}?${LOOKUP_ERROR_PARAM}=email`, req.locale), 303);
          throw req.validationError;
        }
        const asked = await lookupPledges(deps, req.body);
        if (form)
          return reply.redirect(pathInLanguage(`${PLEDGE_LOOKUP_PAGE}?${LOOKUP_SENT_PARAM}=1`, req.locale), 303);
        return reply.status(202).send(asked);
      },
    );
  });
}
