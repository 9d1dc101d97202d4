/**
 * Import of an uploaded file into item lists, with one column mapping per sheet. Every row or none:
 * one pass runs the library's ID modification script on the rows (batched, ./itemIntake), checks every row
 * (the §5 rules) and reports the refused rows (row number + code, a script's message); the rows of a clean
 * file are staged in short steps (./stagedItems) and moved into the lists (./importMove).
 * The temporary file is deleted after a successful import.
 */
import type { Transaction } from 'kysely';
import { ERROR_CODES, ITEM_FIELDS, type CellValue, type ImportBody, type ImportFieldMap, type ImportRowError, type ItemsCountResult } from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { RowErrorReport } from '../errorLimits';
import type { AuthUser } from '../services/context';
import { cappedSheets, effectiveReadFormat, ownFile, type FilesDeps } from '../services/files';
import type { ItemValues } from './items';
import { cellText, type ItemTarget } from './itemWrites';
import { IntakeBuffer, type Refusal } from './itemIntake';
import type { SheetReader } from './files/sheets';
import { moveStaged } from './importMove';
import { withStaging } from './stagedItems';
import { throwIfCancelled, trackImport } from './importRuns';
import { withSlot } from './userSlots';
import { newScriptBudget, SCRIPT_POOL, warmScriptWorkers } from '../sandbox/idScript';

export interface ImportedSheet {
  index: number;
  name: string;
}

export interface ImportTargets {
  /** Checks before anything is written (e.g. the names of catalogues to create). */
  check?(sheets: ImportedSheet[]): Promise<void>;
  /** The list a sheet goes into; called inside a transaction of the final move. */
  forSheet(trx: Transaction<Database>, sheet: ImportedSheet): Promise<ItemTarget>;
  /** Deletes a list forSheet created, when the import stops during its final move (its rows are deleted first). */
  undoSheet?(trx: Transaction<Database>, target: ItemTarget): Promise<void>;
  /** The library's ID modification script for the target lists (lists/idModification), '' for none. */
  idScript: string;
}

/** A refused row: the §5 rule's code, or SCRIPT_ERROR with the script's message. */
export type RefusedRow = ImportRowError & Pick<Refusal, 'message'>;

/** ITEM_FIELDS read once (the contract's re-exports are getters, and every row reads it). */
const FIELDS = ITEM_FIELDS;

function rowValues(cells: readonly CellValue[], map: ImportFieldMap): ItemValues {
  const values = {} as ItemValues;
  for (const f of FIELDS) {
    const column = map[f];
    values[f] = column === undefined ? null : cellText(cells[column]);
  }
  return values;
}

const isEmpty = (v: ItemValues) => FIELDS.every((f) => v[f] === null);

interface SheetPlan extends ImportedSheet {
  map: ImportFieldMap;
  hasObjectIdColumn: boolean;
  /** Item rows with any content, and those whose mapped code or objectId holds something. */
  rowsWithContent?: number;
  rowsWithCode?: number;
}

const hasContent = (cells: readonly CellValue[]) => cells.some((c) => c !== null && c !== '');

/** A sheet with rows whose mapped code and objectId columns are empty on every row (a wrong separator or mapping). */
function checkCodesMapped(plan: SheetPlan): void {
  if ((plan.rowsWithContent ?? 0) > 0 && !plan.rowsWithCode) {
    throw badRequest(
      ERROR_CODES.EMPTY_CODE_COLUMNS,
      `Sheet "${plan.name}": the columns mapped to code and objectId are empty on every row; nothing was imported`,
      { sheet: plan.name },
    );
  }
}

function planSheet(body: ImportBody, sheet: SheetReader): SheetPlan | null {
  if (body.sheetIndex !== null && body.sheetIndex !== sheet.index) return null;
  const map = body.fields[sheet.index] ?? {};
  if (map.code === undefined && map.objectId === undefined) {
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Sheet "${sheet.name}": map a column to code or objectId`, { sheet: sheet.name });
  }
  return { index: sheet.index, name: sheet.name, map, hasObjectIdColumn: map.objectId !== undefined };
}

/** An item row's values, null for an empty one; counts the sheet's rows with content and with a code. */
function itemValues(plan: SheetPlan, cells: readonly CellValue[]): ItemValues | null {
  const values = rowValues(cells, plan.map);
  if (hasContent(cells)) plan.rowsWithContent = (plan.rowsWithContent ?? 0) + 1;
  if (values.code !== null || values.objectId !== null) plan.rowsWithCode = (plan.rowsWithCode ?? 0) + 1;
  return isEmpty(values) ? null : values;
}

async function drain(sheet: SheetReader): Promise<void> {
  for await (const _block of sheet.rows) {
    /* the next sheet starts after this one */
  }
}

/**
 * `clientSignal`: the request's (lists/importRuns clientGone); when it fires, or the file is deleted meanwhile,
 * the import stops between two rows (or before its final move) with nothing imported: 409 IMPORT_CANCELLED.
 */
export function importFile(deps: FilesDeps, user: AuthUser, body: ImportBody, targets: ImportTargets, clientSignal?: AbortSignal): Promise<ItemsCountResult> {
  return withSlot(user.id, 'import', deps.lists.slots, () =>
    trackImport(body.fileName, clientSignal, (signal) => importHeld(deps, user, body, targets, signal)),
  );
}

async function importHeld(deps: FilesDeps, user: AuthUser, body: ImportBody, targets: ImportTargets, signal: AbortSignal): Promise<ItemsCountResult> {
  // The batches' script runs on a warm worker (a cold one loads QuickJS first); they run one at a time.
  if (targets.idScript.trim() !== '') warmScriptWorkers(SCRIPT_POOL.perUser);
  const meta = await ownFile(deps, user, body.fileName);
  const format = await effectiveReadFormat(deps, user, meta, body.format);
  const createdAt = deps.config.now().toISOString();
  const plans: Array<SheetPlan & { numItems: number }> = [];
  // Every batch's script run shares one budget, and stops when the import is cancelled or its request closed.
  const scriptRuns = { owner: user.id, signal, budget: newScriptBudget() };
  const result = await withStaging(
    deps.db,
    async (staged) => {
      // One pass: every row is checked; clean rows are staged (invisible) until the first refused one.
      const refused = new RowErrorReport<RefusedRow>();
      for await (const sheet of cappedSheets(deps, body.fileName, meta, format, { owner: user.id, signal })) {
        const plan = planSheet(body, sheet);
        if (!plan) {
          await drain(sheet);
          continue;
        }
        const planned = { ...plan, numItems: 0 };
        plans.push(planned);
        // Rows go through the ID modification script in batches (one sandbox run each) and then the §5 rule.
        const intake = new IntakeBuffer<number>(
          { script: targets.idScript, objectIdColumn: { path: 'file', mapped: plan.hasObjectIdColumn }, run: scriptRuns },
          (number, outcome) => {
            if (!outcome.refusal) {
              planned.numItems += 1;
              return refused.count === 0 ? staged.add(plan.index, outcome.values) : undefined;
            }
            refused.add({ sheet: plan.name, row: number, ...outcome.refusal });
          },
        );
        await intake.feed(async () => {
          let header = sheet.hasHeader;
          for await (const block of sheet.rows) {
            for (const row of block) {
              throwIfCancelled(signal);
              // The header row is left out.
              const values = header ? null : itemValues(plan, row.cells);
              header = false;
              if (!values) continue;
              const batch = intake.add(row.number, values);
              if (batch) await batch;
            }
          }
        });
        checkCodesMapped(plan);
      }
      if (body.sheetIndex !== null && plans.length === 0) {
        throw badRequest(ERROR_CODES.VALIDATION_ERROR, `The file has no sheet ${body.sheetIndex}`, { sheetIndex: body.sheetIndex });
      }
      if (refused.count > 0) {
        throw new ApiError(400, ERROR_CODES.IMPORT_FAILED, `${refused.count} row(s) refused; nothing was imported`, refused.details);
      }
      await targets.check?.(plans);
      throwIfCancelled(signal);
    },
    async (conn, staged) => {
      // The final move: each sheet's list (created then when the import makes one) gets its rows.
      const inserted = await moveStaged(
        conn,
        staged,
        plans.map((plan) => ({
          group: plan.index,
          target: (trx) => targets.forSheet(trx, plan),
          ...(targets.undoSheet ? { undo: targets.undoSheet } : {}),
        })),
        createdAt,
        () => throwIfCancelled(signal),
      );
      return { numItems: plans.reduce((n, p) => n + p.numItems, 0), numItemsInserted: inserted.reduce((n, c) => n + c, 0) };
    },
  );
  await deps.tempFiles.remove(body.fileName);
  return result;
}
