/**
 * The columns staff choose when a statement's header is not recognised: for each field the import
 * reads, the header cell that holds it. The dashboard's column chooser checks it before the file
 * is sent again; the import takes the choice as `mapping`.
 */
import { z } from 'zod';
import { t } from '../messages';
import { REQUIRED_STATEMENT_FIELDS, STATEMENT_FIELDS, type StatementField } from '../statement-columns';

const column = () =>
  z.string({ error: () => t('validation.required') }).max(200, { error: () => t('statements.mappingInvalid') });

const columnOf = (field: StatementField) =>
  REQUIRED_STATEMENT_FIELDS.has(field)
    ? column().min(1, { error: () => t('validation.required') })
    : column().optional();

/**
 * What the import takes as `mapping` (REST and tRPC alike): any of the fields, each a header cell.
 * A mapping that still misses a needed column is answered with the header to map again.
 */
export const columnMapping = z.partialRecord(z.enum(STATEMENT_FIELDS), z.string().max(200));

/** The dashboard's chooser: a header cell per field; the date, narration and credit columns are needed. */
export const statementMappingInput = z.object(
  Object.fromEntries(STATEMENT_FIELDS.map((field) => [field, columnOf(field)])) as Record<
    StatementField,
    ReturnType<typeof columnOf>
  >,
);
