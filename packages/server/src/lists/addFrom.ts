/**
 * Add Items To (data-areas §4): copies the chosen items of a source list (itemIds), or every item matching
 * searchTexts when none is chosen, into a target list: staged in short steps, moved in one short transaction
 * (./stagedItems). Ids get the target library's ID modification script (lists/itemIntake). Pairs already in
 * the target and items the §5 rules refuse are counted but not inserted: numItemsInserted of numItems.
 */
import { sql, type Kysely } from 'kysely';
import { ERROR_CODES, type AddItemsFromBody, type ItemsCountResult } from '@portal/contract';
import type { Database } from '../db/schema';
import type { Row } from './definition';
import { selectColumns } from './engine';
import { toApiItem, type ItemValues } from './items';
import { ApiError } from '../errors';
import { RowErrorReport } from '../errorLimits';
import { idScriptFor } from './idModification';
import { newScriptBudget } from '../sandbox/idScript';
import { IntakeBuffer } from './itemIntake';
import type { ItemTarget } from './itemWrites';
import { planSearch, probeIndex, whereSql } from './search';
import type { ResolvedSource } from './sources';
import { withStagedItems } from './stagedItems';
import { streamRows } from './stream';
import { dialectOf } from '../db/connect';

const ID_CHUNK = 500;

function values(row: Row): ItemValues {
  const { tid: _tid, ...item } = toApiItem(row);
  return item;
}

async function* chosenRows(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', source: ResolvedSource, ids: number[]): AsyncGenerator<Row[]> {
  const where = whereSql(dialect, source.def, source.scope, [], null);
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    const { rows } =
      await sql<Row>`select ${selectColumns(source.def)} from ${sql.table(source.def.table)} where ${where} and id in (${sql.join(chunk)}) order by id`.execute(
        db,
      );
    yield rows;
  }
}

export async function addItemsFrom(
  db: Kysely<Database>,
  target: ItemTarget,
  source: ResolvedSource,
  body: AddItemsFromBody,
  now: Date,
): Promise<ItemsCountResult> {
  const ids = [...new Set(body.itemIds)];
  const terms = ids.length ? [] : await probeIndex(db, source.def, source.scope, planSearch(source.def, body.searchTexts));
  const script = await idScriptFor(db, target.storeId, target.table);
  let numItems = 0;
  return withStagedItems(
    db,
    async (staged) => {
      // Items the §5 rule refuses are counted, not inserted; an item the ID modification script fails on
      // fails the whole Add Items To (400 IMPORT_FAILED with the refused items), nothing written.
      const scriptErrors = new RowErrorReport<{ sheet: string; row: number; code: string; field?: string; message?: string }>();
      const intake = new IntakeBuffer<number>({ script, objectIdColumn: { path: 'addTo' }, run: { budget: newScriptBudget() } }, async (n, outcome) => {
        if (!outcome.refusal) {
          if (scriptErrors.count === 0) await staged.add(0, outcome.values);
        } else if (outcome.refusal.code === ERROR_CODES.SCRIPT_ERROR) {
          scriptErrors.add({ sheet: '', row: n, ...outcome.refusal });
        }
      });
      // Chosen rows are read between the staging steps; a search streams from a separate reader connection.
      const batches = ids.length ? chosenRows(db, dialectOf(db), source, ids) : streamRows(db, { def: source.def, scope: source.scope, terms });
      await intake.feed(async () => {
        for await (const batch of batches) {
          for (const row of batch) {
            numItems += 1;
            await intake.add(numItems, values(row));
          }
        }
      });
      if (scriptErrors.count)
        throw new ApiError(
          400,
          ERROR_CODES.IMPORT_FAILED,
          `${scriptErrors.count} item(s) refused by the ID modification script; nothing was added`,
          scriptErrors.details,
        );
    },
    async (trx, staged) => ({ numItems, numItemsInserted: await staged.moveInto(trx, 0, target, now.toISOString()) }),
  );
}
