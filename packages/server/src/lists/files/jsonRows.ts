/**
 * JSON item payloads (uploaded .json files, sync) read one item at a time: a scanner finds each element of
 * the top-level array (or of the `items` array of a top-level object) and only that element is parsed, so
 * a payload is never held as one parsed tree and the row cap stops it early. Two passes: the first checks
 * the shape, counts the items against the cap and gathers the keys of object items (their header row);
 * the second yields the rows.
 */
import { ERROR_CODES, type CellValue } from '@portal/contract';
import { ApiError } from '../../errors';
import { invalidFile, MAX_COLUMNS } from './sheets';

/** One item's JSON text may not be longer (an item holds eight short fields). */
export const MAX_JSON_ITEM_CHARS = 1024 * 1024;

export const tooManyRows = (max: number) => new ApiError(413, ERROR_CODES.TOO_MANY_ROWS, `Files and sync payloads are limited to ${max} rows`, { limit: max });

const notJson = () => invalidFile('The file is not valid JSON');
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos += 1;
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  expect(c: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== c) throw notJson();
    this.pos += 1;
  }

  /** Moves past one JSON value (structure only; JSON.parse checks the element later) and returns its text. */
  value(): string {
    this.skipSpace();
    const start = this.pos;
    const first = this.peek();
    if (first === '{' || first === '[') {
      let depth = 0;
      while (this.pos < this.text.length) {
        const c = this.text[this.pos];
        if (c === '"') {
          this.string();
          continue;
        }
        this.pos += 1;
        if (c === '{' || c === '[') depth += 1;
        else if (c === '}' || c === ']') {
          depth -= 1;
          if (depth === 0) return this.text.slice(start, this.pos);
        }
        if (this.pos - start > MAX_JSON_ITEM_CHARS) throw invalidFile(`JSON items are limited to ${MAX_JSON_ITEM_CHARS} characters`);
      }
      throw notJson();
    }
    if (first === '"') {
      this.string();
      return this.text.slice(start, this.pos);
    }
    while (this.pos < this.text.length && !/[,\]}\s]/.test(this.text[this.pos])) {
      this.pos += 1;
      if (this.pos - start > 100) throw notJson();
    }
    if (this.pos === start) throw notJson();
    return this.text.slice(start, this.pos);
  }

  /** Moves past a string starting at pos. */
  string(): void {
    const start = this.pos;
    this.pos += 1;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '\\') {
        this.pos += 2;
        continue;
      }
      this.pos += 1;
      if (c === '"') return;
      if (this.pos - start > MAX_JSON_ITEM_CHARS) throw invalidFile(`JSON items are limited to ${MAX_JSON_ITEM_CHARS} characters`);
    }
    throw notJson();
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
};

/** The elements of the items array, each parsed alone. */
function* elements(text: string): Generator<unknown> {
  const s = new Scanner(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  s.skipSpace();
  let found = false;
  if (s.peek() === '{') {
    // A top-level object: its "items" array holds the items; other members are skipped.
    s.pos += 1;
    s.skipSpace();
    if (s.peek() === '}') throw invalidFile('JSON files must hold an array of items');
    for (;;) {
      s.skipSpace();
      if (s.peek() !== '"') throw notJson();
      const key = parse(s.value());
      s.expect(':');
      s.skipSpace();
      if (key === 'items' && s.peek() === '[' && !found) {
        found = true;
        yield* arrayElements(s);
      } else {
        s.value();
      }
      s.skipSpace();
      if (s.peek() === ',') {
        s.pos += 1;
        continue;
      }
      s.expect('}');
      break;
    }
    if (!found) throw invalidFile('JSON files must hold an array of items');
  } else if (s.peek() === '[') {
    yield* arrayElements(s);
  } else {
    throw notJson();
  }
  s.skipSpace();
  if (s.pos < s.text.length) throw notJson();
}

function* arrayElements(s: Scanner): Generator<unknown> {
  s.expect('[');
  s.skipSpace();
  if (s.peek() === ']') {
    s.pos += 1;
    return;
  }
  for (;;) {
    yield parse(s.value());
    s.skipSpace();
    if (s.peek() === ',') {
      s.pos += 1;
      continue;
    }
    s.expect(']');
    return;
  }
}

const jsonCell = (v: unknown): CellValue =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? ((v ?? null) as CellValue) : JSON.stringify(v);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Rows of a JSON payload: an array (or {items: array}) of objects — the keys become a header row — or of
 * arrays (rows as they are; arraysHaveHeader tells whether the first is a header). Throws 413 TOO_MANY_ROWS
 * past maxRows items, 400 INVALID_FILE for anything else that is not such a payload.
 */
export function jsonRows(text: string, arraysHaveHeader: boolean, maxRows: number): { hasHeader: boolean; rows: Iterable<CellValue[]> } {
  let count = 0;
  let kind: 'objects' | 'arrays' | null = null;
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of elements(text)) {
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
      rows: (function* arrays() {
        for (const item of elements(text)) yield (item as unknown[]).map(jsonCell);
      })(),
    };
  }
  return {
    hasHeader: true,
    rows: (function* objects() {
      yield keys;
      for (const item of elements(text)) {
        const o = item as Record<string, unknown>;
        yield keys.map((k) => (Object.hasOwn(o, k) ? jsonCell(o[k]) : null));
      }
    })(),
  };
}
