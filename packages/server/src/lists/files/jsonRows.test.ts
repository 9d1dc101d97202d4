/**
 * JSON items read by the streaming parser: text cut anywhere (inside strings, escapes, numbers, keywords and
 * between the halves of a surrogate pair) gives the rows of the whole text; the payload's shape and its caps
 * answer as before (file and sync refusals through the app are in bombs.test.ts and the route tests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CellValue } from '@portal/contract';
import { ApiError } from '../../errors';
import { jsonRows, MAX_JSON_DEPTH, MAX_JSON_ITEM_CHARS, textChunks } from './jsonRows';
import { readSheets } from './sheets';

async function rows(chunks: () => AsyncIterable<string>, maxRows = 1000): Promise<{ hasHeader: boolean; rows: CellValue[][] }> {
  const table = await jsonRows(chunks, false, maxRows);
  const out: CellValue[][] = [];
  for await (const row of table.rows) out.push(row);
  return { hasHeader: table.hasHeader, rows: out };
}

/** The text in chunks of `size` code points. */
const cut = (text: string, size: number) =>
  async function* chunks() {
    const points = Array.from(text);
    for (let at = 0; at < points.length; at += size) yield points.slice(at, at + size).join('');
  };

/** What the call refuses with: [status, code, message]. */
async function refusal(work: Promise<unknown>): Promise<[number, string, string] | 'accepted'> {
  try {
    await work;
    return 'accepted';
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return [e.statusCode, e.code, e.message];
  }
}

const PAYLOAD = JSON.stringify({
  count: 2,
  meta: { nested: [1, { deep: 'x' }] },
  items: [
    { code: 'A"1\\', field1: 'Canción 😀 \u2028', n: -12.5e-3, ok: true, none: null },
    { objectId: 'E\u0001', field2: { a: [1, 2] } },
  ],
  after: 'ignored',
});

const EXPECTED = [
  ['code', 'field1', 'n', 'ok', 'none', 'objectId', 'field2'],
  ['A"1\\', 'Canción 😀 \u2028', -12.5e-3, true, null, null, null],
  [null, null, null, null, null, 'E\u0001', '{"a":[1,2]}'],
];

it('gives the rows of the whole text however the text is cut', async () => {
  expect(await rows(() => textChunks(PAYLOAD))).toEqual({ hasHeader: true, rows: EXPECTED });
  for (const size of [1, 2, 3, 7]) expect((await rows(cut(PAYLOAD, size))).rows).toEqual(EXPECTED);
  // A surrogate pair where textChunks cuts its 64 Ki-character chunks.
  const filler = 'x'.repeat(64 * 1024 - 10);
  const long = `[["${filler}😀", "😀${filler}"]]`;
  for (const shift of [0, 1, 2]) {
    const text = ' '.repeat(shift) + long;
    expect((await rows(() => textChunks(text))).rows).toEqual([[`${filler}😀`, `😀${filler}`]]);
  }
});

it('reads arrays of arrays, an empty items array, a byte order mark and surrounding white space', async () => {
  expect(await rows(() => textChunks('\ufeff [[1,"a"],[]]\n'))).toEqual({ hasHeader: false, rows: [[1, 'a'], []] });
  expect(await rows(() => textChunks('{"items": []}'))).toEqual({ hasHeader: false, rows: [] });
  // The first "items" array holds the items; a later one is not read.
  expect((await rows(() => textChunks('{"items": "no", "items": [[1]], "items": [[2]]}'))).rows).toEqual([[1]]);
});

it('refuses what is not a list of items, with the same answers as before', async () => {
  const bad = (text: string) => refusal(rows(() => textChunks(text)));
  const notJson: [number, string, string] = [400, 'INVALID_FILE', 'The file is not valid JSON'];
  for (const text of ['', '   ', '"items"', '[1 2]', '[{"code": 1}', '[{"code": tru}]', '[[1]] x', '{"items": [[1]],}']) {
    expect([text, await bad(text)]).toEqual([text, notJson]);
  }
  expect(await bad('{"count": 3}')).toEqual([400, 'INVALID_FILE', 'JSON files must hold an array of items']);
  expect(await bad('{"items": {"a": [1]}}')).toEqual([400, 'INVALID_FILE', 'JSON files must hold an array of items']);
  expect(await bad('[[1], {"a": 1}]')).toEqual([400, 'INVALID_FILE', 'JSON items must all be objects or all be arrays']);
  expect(await bad('[1]')).toEqual([400, 'INVALID_FILE', 'JSON items must all be objects or all be arrays']);
  expect(await refusal(rows(() => textChunks('[[1],[2],[3]]'), 2))).toEqual([413, 'TOO_MANY_ROWS', 'Files and sync payloads are limited to 2 rows']);
});

it('refuses nesting past its depth and an item past its length before reading on', async () => {
  const deep = `[${'['.repeat(MAX_JSON_DEPTH)}`;
  expect(await refusal(rows(() => textChunks(deep)))).toEqual([400, 'INVALID_FILE', `JSON files may nest arrays and objects at most ${MAX_JSON_DEPTH} deep`]);
  expect(await refusal(rows(() => textChunks(`[${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH)}`)))).toBe('accepted');
  let read = 0;
  const endless = async function* chunks() {
    yield '[["';
    for (;;) {
      read += 1;
      yield 'y'.repeat(64 * 1024);
    }
  };
  expect(await refusal(rows(endless))).toEqual([400, 'INVALID_FILE', `JSON items are limited to ${MAX_JSON_ITEM_CHARS} characters`]);
  expect(read).toBeLessThan(40);
});

it('reads a file in 64 KiB pieces, a character cut between two of them included, in UTF-8 and in UTF-16 with its mark', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-rows-'));
  try {
    // "é" is two bytes in UTF-8: its first byte ends the first 64 KiB piece.
    const head = '[{"code": "';
    const code = `${'x'.repeat(64 * 1024 - Buffer.byteLength(head) - 1)}é😀`;
    const text = `${head}${code}"}, {"code": "2"}]`;
    const read = async (name: string, bytes: Buffer) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      const meta = { owner: 1, name, format: 'json' as const, encoding: 'utf-8' as const, size: bytes.length, createdAt: '' };
      const out: CellValue[][] = [];
      for await (const sheet of readSheets(file, meta, {})) for await (const block of sheet.rows) for (const row of block) out.push(row.cells);
      return out;
    };
    const expected = [['code'], [code], ['2']];
    expect(await read('utf8.json', Buffer.from(text))).toEqual(expected);
    expect(await read('utf16.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual(expected);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
