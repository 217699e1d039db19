/** REST twins of texts.*: the interface texts staff correct (server/texts/service.ts). */
import { z } from 'zod';
import { textInput, textItem, textKey, textLocaleInput, textsAnswer, textsQuery } from '../../shared/schemas/texts';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { TEXT_INPUT_EXAMPLE, TEXT_ITEM_EXAMPLE, TEXT_REVIEW_EXAMPLE, TEXTS_PAGE_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { listTexts, resetText, reviewText, setText } from './service';

const tags = ['texts'];
const params = z.object({ key: textKey });
const PROBLEMS =
  "A text keeps the English placeholders (`{count}`), written no more often than the catalogue writes them, each plural with its forms (`other` included) and, in Hausa, the glossary's words; it is at most three times as long as the catalogue's text (at least 80 characters; a mail's subject at most 150); otherwise 400 says which. A text cannot change in the languages its `locked` lists (400): the messages the spec's REST paths answer with, in both, and the spec's other texts, in English.";

export async function textsRest(app: ZodApp, deps: Deps): Promise<void> {
  const onRequest = requireStaff(deps, 'texts.edit');

  app.get(
    '/api/texts',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'listTexts',
        summary: 'The interface texts, English and Hausa, with corrections and review marks',
        description:
          "In the catalogue's order, a page at a time. `filter` and the review marks are about `locale` (Hausa when not given).",
        security: BEARER,
        querystring: textsQuery,
        response: {
          200: answer('A page of texts', textsAnswer, { example: TEXTS_PAGE_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listTexts(deps, req.query),
  );

  app.put(
    '/api/texts/:key',
    {
      config: { budget: 'staff', openapiExample: TEXT_INPUT_EXAMPLE },
      onRequest,
      schema: {
        tags,
        operationId: 'setText',
        summary: "Correct a text in one language, in place of the catalogue's",
        description: `Pages, answers and mails use it at once, on every instance. Sending the catalogue's own words takes the correction away. ${PROBLEMS} Audited.`,
        security: BEARER,
        params,
        body: textInput,
        response: {
          200: answer('The text as it now reads', textItem, { example: TEXT_ITEM_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404),
        },
      },
    },
    (req) => setText(deps, req.params.key, req.body, actorOfRequest(req)),
  );

  app.delete(
    '/api/texts/:key',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'resetText',
        summary: "Back to the catalogue's text in one language",
        description: 'Nothing to take back is not an error. Audited when a correction goes.',
        security: BEARER,
        params,
        querystring: textLocaleInput,
        response: {
          200: answer('The text as it now reads', textItem, { example: { ...TEXT_ITEM_EXAMPLE, override: {} } }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    (req) => resetText(deps, req.params.key, req.query.locale, actorOfRequest(req)),
  );

  app.post(
    '/api/texts/:key/review',
    {
      config: { budget: 'staff', openapiExample: { locale: 'ha' } },
      onRequest,
      schema: {
        tags,
        operationId: 'reviewText',
        summary: 'Mark a text reviewed in one language',
        description:
          'Records who reviewed the text as it reads now, and when. Once the text changes (here or in the code), it is not reviewed again until someone marks it. Audited.',
        security: BEARER,
        params,
        body: textLocaleInput,
        response: {
          200: answer('The text with its mark', textItem, { example: TEXT_REVIEW_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404),
        },
      },
    },
    (req) => reviewText(deps, req.params.key, req.body.locale, actorOfRequest(req)),
  );
}
