/**
 * The one way items enter a list, shared by every write path (manual add and edit, import, sync, Add Items
 * To): a batch of items gets the library's ID modification script (one sandbox run for the batch) and then
 * the §5 rule of its path (the one objectId rule). Each item comes out accepted, with its stored values, or
 * refused, with why: a rule violation or the script's own error (code SCRIPT_ERROR, its message).
 */
import { ERROR_CODES } from '@portal/contract';
import { modifyIds } from './idModification';
import type { RunOptions } from '../sandbox/idScript';
import type { ItemValues } from './items';
import { itemViolation, type ObjectIdColumn, type RuleViolation } from './itemWrites';

/** Items run through the script together (one worker, one interpreter): large enough that a 50,000-row import starts few. */
export const SCRIPT_BATCH = 5000;

export interface Refusal extends RuleViolation {
  /** The script's error. */
  message?: string;
}

export type Intake = { values: ItemValues; refusal?: undefined } | { values: ItemValues; refusal: Refusal };

export interface IntakeRule {
  /** The library's script for the target list ('' keeps ids). */
  script: string;
  objectIdColumn: ObjectIdColumn;
  /** The script runs' owner, cancel signal and script budget (one budget for a whole import, sync or Add Items To). */
  run?: RunOptions;
}

/** Modifies the batch's ids (one sandbox run) and checks each item; one answer per item, in order. */
export async function intakeBatch(rule: IntakeRule, items: readonly ItemValues[]): Promise<Intake[]> {
  const answers =
    rule.script.trim() === ''
      ? null
      : await modifyIds(
          rule.script,
          items.map((v) => v.code),
          rule.run,
        );
  return items.map((item, i) => {
    const answer = answers?.[i];
    if (answer && 'error' in answer) return { values: item, refusal: { code: ERROR_CODES.SCRIPT_ERROR, field: 'code', message: answer.error } };
    const values = answer ? { ...item, code: answer.result.trim() === '' ? null : answer.result.trim() } : item;
    const violation = itemViolation(values, rule.objectIdColumn);
    return violation ? { values, refusal: violation } : { values };
  });
}

/**
 * Collects items of a long stream into batches of SCRIPT_BATCH for intakeBatch; `take` receives each item's
 * outcome, in order, with the tag it was added with (a row number).
 *
 * A full batch's script starts at once and the caller reads on: `add` then waits only for the batch before it
 * to be taken, so the sandbox worker runs one batch while this thread reads and stages the next (an
 * import with a script does not wait for the worker between its batches). Callers add their items
 * inside `feed`, which takes every outcome at the end (the first failure thrown) and, whatever happened, waits
 * before the items' staging ends: a batch still in the sandbox when the reading failed is not taken.
 */
export class IntakeBuffer<Tag> {
  private pending: Array<{ tag: Tag; values: ItemValues }> = [];
  /** The batches sent, each taken after the one before it. */
  private taken: Promise<void> = Promise.resolve();
  private settled = false;

  constructor(
    private readonly rule: IntakeRule,
    private readonly take: (tag: Tag, outcome: Intake) => Promise<void> | undefined | void,
  ) {}

  /** A promise only when the item completed a batch (a long import makes no promise per row). */
  add(tag: Tag, values: ItemValues): Promise<void> | undefined {
    this.pending.push({ tag, values });
    return this.pending.length >= SCRIPT_BATCH ? this.send() : undefined;
  }

  /**
   * Runs `read` (which adds the items), then takes every outcome in order; throws the first failure (of `read`,
   * a script run or `take`). Whatever happened, nothing is in flight when it returns.
   */
  async feed(read: () => Promise<void>): Promise<void> {
    try {
      await read();
      if (this.pending.length) void this.send();
      await this.taken;
    } finally {
      // After a failure: the batches in flight are waited for and no more of them taken.
      this.settled = true;
      await this.taken.catch(() => undefined);
    }
  }

  /** Starts the pending batch's script; resolves when the batch before it has been taken. */
  private send(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const before = this.taken;
    const outcomes = intakeBatch(
      this.rule,
      batch.map((b) => b.values),
    );
    // Observed below, after the batch before it; a rejection meanwhile is not unhandled.
    outcomes.catch(() => undefined);
    this.taken = before.then(async () => {
      const answers = await outcomes;
      for (const [i, b] of batch.entries()) {
        if (this.settled) return;
        const taken = this.take(b.tag, answers[i]!);
        if (taken) await taken;
      }
    });
    this.taken.catch(() => undefined);
    return before;
  }
}
