/** The tables a backup holds, in an order that restores each after the tables it refers to. */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { SKIPPED_TABLES } from './format';

export async function backupTables(db: DB): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const { rows: links } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`.execute(db);
  const names = tables.map((t) => t.name).filter((name) => !SKIPPED_TABLES.has(name));
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of links) if (child !== parent) parents.get(child)?.add(parent);
  // Depth-first: a table comes after every table it refers to.
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

export async function sequenceValues(db: DB): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`.execute(db);
  const values: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: state } = await sql<{ last: string; called: boolean }>`
      select last_value::text as last, is_called as called from ${sql.table(name)}`.execute(db);
    const s = state[0]!;
    values[name] = Number(s.last) + (s.called ? 1 : 0);
  }
  return values;
}
