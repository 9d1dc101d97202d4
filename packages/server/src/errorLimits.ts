/**
 * How much an error answer may carry: every message is cut to MAX_MESSAGE_LENGTH (the rule
 * of ./sandbox/capMessage.js, shared with the sandbox's worker, which cuts a script's error before it leaves
 * the thread), and a report of refused rows (import, sync, Add Items To) lists the first
 * MAX_REPORTED_ROW_ERRORS of them, each message cut to MAX_ROW_MESSAGE_LENGTH, with the count of all of them.
 * A script throwing a 2,000,000 character text made a 150-row import answer 200 MB, an item add 4 MB.
 */
import { MAX_REPORTED_ROW_ERRORS } from '@portal/contract';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shared = require('./sandbox/capMessage.js') as { MAX_MESSAGE_LENGTH: number; capMessage: (text: unknown, max?: number) => string };

/** Longest message answered (an ellipsis ends a cut one). */
export const MAX_MESSAGE_LENGTH: number = shared.MAX_MESSAGE_LENGTH;

/** Longest message of one refused row: a full report (100 rows) stays a few tens of KB. */
export const MAX_ROW_MESSAGE_LENGTH = 200;

/** `text` cut to `max` characters with an ellipsis (never half a surrogate pair). */
export const capMessage: (text: unknown, max?: number) => string = shared.capMessage;

/**
 * The refused rows of one import, sync or Add Items To: the first MAX_REPORTED_ROW_ERRORS kept (messages
 * cut), all counted. `details` is the answer's `{ errors, errorCount }` (errorCount: every refused row).
 */
export class RowErrorReport<E extends { message?: string | undefined }> {
  readonly errors: E[] = [];
  count = 0;

  add(error: E): void {
    this.count += 1;
    if (this.errors.length >= MAX_REPORTED_ROW_ERRORS) return;
    this.errors.push(error.message === undefined ? error : { ...error, message: capMessage(error.message, MAX_ROW_MESSAGE_LENGTH) });
  }

  get details(): { errors: E[]; errorCount: number } {
    return { errors: this.errors, errorCount: this.count };
  }
}
