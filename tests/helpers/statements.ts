/**
 * The statements a piece of work runs, recorded by a Kysely plugin on the database the app is
 * given: each as its shape (the SQL with every value left out), so two requests that run the same
 * statements with different values record the same list. A deterministic measure of "the same
 * work", where timing on a shared machine is not.
 */
import { createHash } from 'node:crypto';
import type { Kysely, KyselyPlugin } from 'kysely';

export interface StatementRecorder {
  /** The database as the app should be given it: every statement it runs is recorded. */
  // biome-ignore lint/suspicious/noExplicitAny: any database the caller records.
  wrap<D extends Kysely<any>>(db: D): D;
  /** The shapes of the statements `run` made, in order. */
  during(run: () => Promise<unknown>): Promise<string[]>;
}

/** A node's values, whatever they were: a statement's shape. */
const VALUE_KINDS = new Set(['ValueNode', 'PrimitiveValueListNode']);
const shapeOf = (node: unknown): string =>
  JSON.stringify(node, (_key, value) => {
    if (value && typeof value === 'object' && VALUE_KINDS.has((value as { kind?: string }).kind ?? '')) {
      const values = (value as { values?: unknown[] }).values;
      return values ? `?×${values.length}` : '?';
    }
    return value;
  });

/** A readable name for a statement: what it does and to which tables, and a hash of its shape. */
function nameOf(node: { kind: string; sqlFragments?: readonly string[] }, shape: string): string {
  const hash = createHash('sha256').update(shape).digest('hex').slice(0, 8);
  if (node.kind === 'RawNode')
    return `raw ${node.sqlFragments!.join('?').replace(/\s+/g, ' ').trim().slice(0, 48)} #${hash}`;
  const tables = [
    ...new Set([...shape.matchAll(/"kind":"TableNode","table":\{[^}]*"name":"(\w+)"/g)].map((m) => m[1])),
  ];
  return `${node.kind.replace(/QueryNode$/, '')} ${tables.join(',')} #${hash}`;
}

export function statementRecorder(): StatementRecorder {
  let log: string[] | null = null;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      log?.push(nameOf(node as never, shapeOf(node)));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    wrap: (db) => db.withPlugin(plugin) as typeof db,
    async during(run) {
      if (log) throw new Error('one recording at a time');
      log = [];
      try {
        await run();
        return log;
      } finally {
        log = null;
      }
    },
  };
}
