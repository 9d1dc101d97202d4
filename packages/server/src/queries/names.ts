/**
 * Unique names (data-areas §5: catalogues, search lists, inventory groups, section locations, additional
 * operations, image sets) are compared as foldText compares texts: whatever their case and accents, so "Planta 1"
 * beside "plánta 1" is refused. The stored column is folded by the database (the list engine's fold), the name here.
 */
import { foldText } from '@portal/contract';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { folded } from '../lists/search';

/** `column` names the same as one of `names`, case and accents ignored. */
export function sameName(db: Kysely<Database>, column: string, names: readonly string[]): RawBuilder<SqlBool> {
  const wanted = [...new Set(names.map(foldText))];
  if (wanted.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${folded(dialectOf(db), column)} in (${sql.join(wanted)})`;
}
