/** REST twins of auth.forgotPassword and auth.resetPassword: same schemas, same service. */
import { messageAnswer } from '../../shared/schemas/answers';
import { passwordForgotInput, passwordResetInput } from '../../shared/schemas/password-reset';
import { actorOfRequest } from '../auth/guards';
import type { Deps } from '../deps';
import {
  PASSWORD_FORGOT_EXAMPLE,
  PASSWORD_RESET_DONE_EXAMPLE,
  PASSWORD_RESET_LINK_EXAMPLE,
  PASSWORD_RESET_REQUESTED_EXAMPLE,
} from '../http/api-examples';
import { answer, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { requestPasswordReset, resetPasswordFromLink } from './password-reset';

const tags = ['auth'];

export async function passwordResetRest(app: ZodApp, deps: Deps): Promise<void> {
  app.post(
    '/api/auth/forgot-password',
    {
      config: { budget: 'signIn', openapiExample: PASSWORD_FORGOT_EXAMPLE },
      schema: {
        tags,
        operationId: 'forgotPassword',
        summary: 'Ask for a link to choose a new password',
        description:
          'Always 202 with the same message, whether or not the address is an enabled staff account. Only an enabled account is mailed a single-use link to /reset-password, valid for 30 minutes and dead once the password changes; at most 3 such mails an hour and 10 a day to one mailbox, the address without its +tag, in any case (further requests get the same answer and no mail). Too many requests from one client within a minute are answered 429 with `Retry-After`, whatever address they name.',
        body: passwordForgotInput,
        response: {
          202: answer('Asked: a link is mailed if the address is an enabled account', messageAnswer, {
            example: PASSWORD_RESET_REQUESTED_EXAMPLE,
          }),
          ...refusals(...BODY_REFUSALS),
        },
      },
    },
    async (req, reply) => reply.status(202).send(await requestPasswordReset(deps, req.body, actorOfRequest(req))),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { budget: 'signIn', openapiExample: PASSWORD_RESET_LINK_EXAMPLE },
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: "Set a new password with a mailed link's token",
        description:
          "Takes the token of a reset link or of a new staff member's invitation. The link works once; every session of the account ends and its sign-in lock is lifted. 400 for a token that is not valid, used or expired, or a password that is too short, only spaces or common.",
        body: passwordResetInput,
        response: {
          200: answer('The password is set', messageAnswer, { example: PASSWORD_RESET_DONE_EXAMPLE }),
          ...refusals(...BODY_REFUSALS),
        },
      },
    },
    (req) => resetPasswordFromLink(deps, req.body, actorOfRequest(req)),
  );
}
