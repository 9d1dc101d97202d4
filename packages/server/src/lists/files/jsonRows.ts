/**
 * JSON item payloads (uploaded .json files, sync) read one item at a time: the text comes in chunks to a
 * streaming parser (@streamparser/json) that hands over each element of the top-level array (or of the
 * `items` array of a top-level object) and drops it, so a payload is never held whole and the row cap stops
 * it early. Two passes: the first checks the shape, counts the items against the cap and gathers the keys
 * of object items (their header row); the second yields the rows.
 */
import { JSONParser, TokenType } from '@streamparser/json';
import { ERROR_CODES, type CellValue } from '@portal/contract';
import { ApiError } from '../../errors';
import { invalidFile, MAX_COLUMNS, nextTurn } from './sheets';

/** Text between two items may not be longer (an item holds eight short fields). Counted a chunk at a time. */
export const MAX_JSON_ITEM_CHARS = 1024 * 1024;
/** Deepest nesting of arrays and objects (the top level counts). */
export const MAX_JSON_DEPTH = 64;
/** Text is given to the parser in chunks of this many characters. */
const CHUNK_CHARS = 64 * 1024;

export const tooManyRows = (max: number) => new ApiError(413, ERROR_CODES.TOO_MANY_ROWS, `Files and sync payloads are limited to ${max} rows`, { limit: max });

const notJson = () => invalidFile('The file is not valid JSON');
const notItems = () => invalidFile('JSON files must hold an array of items');

/**
 * A text already in memory, in chunks (never between the two halves of a surrogate pair), each after a turn of
 * the event loop: other requests are answered while a long payload is parsed.
 */
export async function* textChunks(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + CHUNK_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    if (at > 0) await nextTurn();
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * A parser for a payload whose first character is `first`: it calls `item` with each element of the items
 * array. In a top-level object the first member named "items" holding an array holds them; its other members
 * are parsed and dropped.
 */
function itemParser(first: string, item: (value: unknown) => void) {
  const inObject = first === '{';
  const parser = new JSONParser({ paths: [inObject ? '$.items.*' : '$.*'], keepStack: false });
  // Where the top level is (the parser drops what it has handed over, so it cannot tell a trailing comma there).
  const state = { found: !inObject, depth: 0, inItems: false, key: undefined as unknown, next: 'value' as 'key' | 'keyAfterComma' | 'value' };
  parser.onToken = ({ token, value }) => {
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (inObject && state.depth === 1 && token === TokenType.LEFT_BRACKET && state.key === 'items' && !state.found) {
        state.found = true;
        state.inItems = true;
      }
      state.depth += 1;
      if (state.depth > MAX_JSON_DEPTH) throw invalidFile(`JSON files may nest arrays and objects at most ${MAX_JSON_DEPTH} deep`);
      if (state.depth === 1 && inObject) state.next = 'key';
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      if (state.depth === 1 && state.next === 'keyAfterComma') throw notJson();
      state.depth -= 1;
      if (state.depth === 1) state.inItems = false;
    } else if (inObject && state.depth === 1) {
      // Members of the top-level object: "key": value, ...
      if (token === TokenType.STRING && state.next !== 'value') {
        state.key = value;
        state.next = 'value';
      } else if (token === TokenType.COMMA) state.next = 'keyAfterComma';
    }
  };
  parser.onValue = ({ value }) => {
    if (!inObject || state.inItems) item(value);
  };
  return { parser, state };
}

/** Runs the parser on some text: its own errors say only that the text is not JSON. */
function feed(run: () => void): void {
  try {
    run();
  } catch (e) {
    throw e instanceof ApiError ? e : notJson();
  }
}

/** The elements of the items array, each parsed alone. */
async function* elements(chunks: AsyncIterable<string>): AsyncGenerator<unknown> {
  let parsing: ReturnType<typeof itemParser> | null = null;
  const ready: unknown[] = [];
  let fed = 0;
  let lastItem = 0;
  for await (let chunk of chunks) {
    if (fed === 0 && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    fed += chunk.length;
    if (!parsing) {
      const first = /\S/.exec(chunk)?.[0];
      if (first === undefined) continue;
      if (first !== '[' && first !== '{') throw notJson();
      parsing = itemParser(first, (value) => ready.push(value));
    }
    const { parser } = parsing;
    feed(() => parser.write(chunk));
    if (ready.length) {
      lastItem = fed;
      yield* ready.splice(0);
    } else if (fed - lastItem > MAX_JSON_ITEM_CHARS + CHUNK_CHARS) {
      throw invalidFile(`JSON items are limited to ${MAX_JSON_ITEM_CHARS} characters`);
    }
  }
  if (!parsing) throw notJson();
  const { parser, state } = parsing;
  if (!parser.isEnded) feed(() => parser.end());
  yield* ready.splice(0);
  if (!state.found) throw notItems();
}

const jsonCell = (v: unknown): CellValue =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? ((v ?? null) as CellValue) : JSON.stringify(v);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Rows of a JSON payload (`text` gives its text in chunks, once per pass): an array (or {items: array}) of
 * objects — the keys become a header row — or of arrays (rows as they are; arraysHaveHeader tells whether the
 * first is a header). Throws 413 TOO_MANY_ROWS past maxRows items, 400 INVALID_FILE for anything else that is
 * not such a payload.
 */
export async function jsonRows(
  text: () => AsyncIterable<string>,
  arraysHaveHeader: boolean,
  maxRows: number,
): Promise<{ hasHeader: boolean; rows: AsyncIterable<CellValue[]> }> {
  let count = 0;
  let kind: 'objects' | 'arrays' | null = null;
  const keys: string[] = [];
  const seen = new Set<string>();
  for await (const item of elements(text())) {
    count += 1;
    if (count > maxRows) throw tooManyRows(maxRows);
    const itemKind = Array.isArray(item) ? 'arrays' : isObject(item) ? 'objects' : null;
    if (!itemKind || (kind && kind !== itemKind)) throw invalidFile('JSON items must all be objects or all be arrays');
    kind = itemKind;
    if (Array.isArray(item)) {
      if (item.length > MAX_COLUMNS) throw invalidFile(`Rows are limited to ${MAX_COLUMNS} columns`);
      continue;
    }
    for (const key of Object.keys(item as Record<string, unknown>)) {
      if (seen.has(key)) continue;
      seen.add(key);
      keys.push(key);
      if (keys.length > MAX_COLUMNS) throw invalidFile(`Items are limited to ${MAX_COLUMNS} keys`);
    }
  }
  if (kind !== 'objects') {
    return {
      hasHeader: arraysHaveHeader,
      rows: (async function* arrays() {
        for await (const item of elements(text())) yield (item as unknown[]).map(jsonCell);
      })(),
    };
  }
  return {
    hasHeader: true,
    rows: (async function* objects() {
      yield keys;
      for await (const item of elements(text())) {
        const o = item as Record<string, unknown>;
        yield keys.map((k) => (Object.hasOwn(o, k) ? jsonCell(o[k]) : null));
      }
    })(),
  };
}
