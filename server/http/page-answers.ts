/**
 * What an area may ask of the pages: the composition (server/pages.ts) renders them and hands this
 * in, so an area's route that shares its path with a page, or answers an HTML form, never imports
 * the renderer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormEcho } from '../../shared/form-echo';
import type { LinkOutcome } from '../../shared/schemas/newsletter';

export interface Pages {
  /** Answers the page of the request's URL: rendered, or the shell for the client-only pages. */
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Whether pages are rendered here (a built client and its renderer); without, only the API answers. */
  rendered: boolean;
  /** Answers a refused HTML form post with its form's page again: 400, what was sent, and why. */
  sendForm(req: FastifyRequest, reply: FastifyReply, echo: FormEcho): Promise<FastifyReply>;
  /** Answers a mailed link's page showing what using the link did: 200 when it worked, else 400. */
  sendOutcome(req: FastifyRequest, reply: FastifyReply, path: string, outcome: LinkOutcome): Promise<FastifyReply>;
}
