/** A row of `npm run bench`'s table: every bench that adds rows to it gives them in this shape. */
export type Kind = 'pglite' | 'postgres';

export interface BenchRow {
  measure: string;
  kind: Kind;
  project: string;
  baseline: string;
  ratio: string;
  p99: string;
  goal: string;
  /** Whether the goal is reached: 'yes', 'NO', or '' where the row has no goal. */
  met: string;
}
