/**
 * The columns of a bank statement the import reads, declared once for both sides: the server's
 * reader (server/giving/statement-file.ts) and the dashboard's column chooser
 * (client/pages/admin/giving/statement-import.tsx).
 */
export const STATEMENT_FIELDS = ['date', 'narration', 'credit', 'debit', 'reference', 'balance'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** The columns a statement cannot be read without, when staff choose them by hand. */
export const REQUIRED_STATEMENT_FIELDS: ReadonlySet<StatementField> = new Set(['date', 'narration', 'credit']);
