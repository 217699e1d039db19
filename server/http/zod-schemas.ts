/**
 * The REST routes are typed and validated by the shared zod schemas (fastify-type-provider-zod).
 * A refused input becomes the same ValidationError the tRPC face raises, so both answer 400 with
 * the spec's message and the field errors. Answers are written with JSON.stringify: their schemas
 * document and type the routes, and the contract test checks real answers against them, but a
 * response is never refused at run time.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldIssues, validationMessage } from '../../shared/schemas/fields';
import { ValidationError } from '../errors';

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(validationMessage(result.error.issues), fieldIssues(result.error.issues)) };
  };

/** How every JSON answer is written: its bytes are what an ETag names (server/http/preconditions.ts). */
export const serializeAnswer = (data: unknown): string => JSON.stringify(data);

/** Installs the compilers and returns the instance typed by the zod provider. */
export function withZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => serializeAnswer);
  return app.withTypeProvider<ZodTypeProvider>();
}

export type ZodApp = ReturnType<typeof withZodSchemas>;
