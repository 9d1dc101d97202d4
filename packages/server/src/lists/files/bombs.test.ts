/**
 * File bombs: each is built here from real zip bytes and uploaded through the app. Each answers its 4xx
 * with the heap bounded (a bomb read whole would grow it by hundreds of megabytes) and the server keeps
 * answering. No time bounds: speed is for `bench:abuse`; a bomb read whole also runs past jest's timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { multipart } from '../testing/helpers';
import { sharedStrings, workbookZip, worksheet } from '../testing/zip';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { DEFAULT_ZIP_LIMITS } from './zipGuard';

// Server tests share a loaded 2-core machine: setting up the app on PostgreSQL alone can take seconds.
jest.setTimeout(90_000);

const NEWLINES = '\n'.repeat(10 * 1024 * 1024);
const PAYLOADS: Record<string, string> = {
  '/newlines.csv': NEWLINES,
  '/many.json': `[${'[],'.repeat(3_000_000)}[]]`,
  '/deep.json': `{"items": [${'['.repeat(2_000_000)}`,
};

let t: TestApp;
let token: string;
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = PAYLOADS[req.url ?? ''];
    if (body === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A hundredth of the default row cap keeps the test short on a loaded machine; the default behaves the same,
  // with a hundred times the rows read before the refusal.
  t = await createTestApp({ lists: { syncAllowList: ['127.0.0.1/32'], syncTimeoutMs: 30_000, maxImportRows: 20_000 } });
  token = await t.token('librarian');
  await upload('warm-up.csv', Buffer.from('code\n1\n'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

async function upload(fileName: string, content: Buffer) {
  const { payload, headers } = multipart('file', fileName, content);
  return t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': token } });
}

/** Runs `work`, answering its time (logged only) and how much the heap grew at most meanwhile (sampled). */
async function measured<R>(work: () => Promise<R>) {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, ms: performance.now() - start, heapMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** The call answers `status code` with the heap grown by less than maxHeapMb, and the server still answers. */
async function refusedWithinBudget(name: string, call: () => Promise<LightMyRequestResponse>, [status, code]: [number, string], maxHeapMb: number) {
  const { result: res, ms, heapMb } = await measured(call);
  if (process.env.BOMBS_LOG) console.log(name, res.statusCode, res.json().code, `${Math.round(ms)} ms`, `heap +${heapMb.toFixed(1)} MB`);
  expect([res.statusCode, res.json().code]).toEqual([status, code]);
  expect(heapMb).toBeLessThan(maxHeapMb);
  expect((await t.call('GET', '/api/users/numUsers', { user: 'admin' })).statusCode).toBe(200);
  return res;
}

describe('xlsx bombs', () => {
  const bigStrings = sharedStrings(1_000_000); // ~31 MB unpacked, ~30 KB packed

  it('refuses a shared-strings bomb before reading it', async () => {
    const zip = workbookZip([
      { name: 'xl/worksheets/sheet1.xml', data: worksheet(3) },
      { name: 'xl/sharedStrings.xml', data: bigStrings },
    ]);
    expect(zip.length).toBeLessThan(200_000);
    const res = await refusedWithinBudget('shared strings', () => upload('bomb.xlsx', zip), [413, 'ARCHIVE_TOO_LARGE'], 40);
    expect(res.json().message).toMatch(/sharedStrings\.xml/);
  });

  it('refuses a worksheet bomb stored before the shared strings', async () => {
    const zip = workbookZip([
      { name: 'xl/worksheets/sheet1.xml', data: worksheet(1_000_000) },
      { name: 'xl/sharedStrings.xml', data: sharedStrings(1) },
    ]);
    await refusedWithinBudget('worksheet first', () => upload('sheet-bomb.xlsx', zip), [413, 'ARCHIVE_TOO_LARGE'], 40);
  });

  it('stops inflating a part that lies about its size', async () => {
    const zip = workbookZip([{ name: 'xl/sharedStrings.xml', data: bigStrings, declaredSize: 1000 }]);
    await refusedWithinBudget('lying size', () => upload('liar.xlsx', zip), [413, 'ARCHIVE_TOO_LARGE'], 40);
  });

  it('refuses bytes hidden between the listed parts', async () => {
    const zip = workbookZip([{ name: 'xl/sharedStrings.xml', data: sharedStrings(1) }]);
    const hidden = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(20)]);
    const res = await upload('hidden.xlsx', Buffer.concat([hidden, zip]));
    expect(res.statusCode).toBe(400);
  });

  it('still takes a real workbook', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRows(Array.from({ length: 2000 }, (_, i) => [`BC${i}`, 'Título']));
    const res = await upload('real.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect([res.statusCode, res.json().format]).toEqual([200, 'xlsx']);
  });
});

describe('xlsx parts held in memory', () => {
  const CAP = 256 * 1024;
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ lists: { zip: { ...DEFAULT_ZIP_LIMITS, maxSharedStringsBytes: CAP } } });
  });
  afterAll(() => small.close());

  it('refuses shared strings past their cap at a path of their own (the upload caps xl/sharedStrings.xml by name)', async () => {
    const relations = (target: string) =>
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="${target}"/></Relationships>`;
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${Array.from({ length: 20_000 }, (_, i) => `<si><t>Título ${i}</t></si>`).join('')}</sst>`;
    expect(strings.length).toBeGreaterThan(CAP);
    const book = (target: string) =>
      workbookZip([
        { name: 'xl/_rels/workbook.xml.rels', data: relations(target) },
        { name: `xl/${target}`, data: strings },
        { name: 'xl/worksheets/sheet1.xml', data: worksheet(3) },
      ]);
    const { payload, headers } = multipart('file', 'strings.xlsx', book('text/strings.xml'));
    const uploaded = await small.app.inject({
      method: 'POST',
      url: '/api/misc/upload',
      payload,
      headers: { ...headers, 'x-access-token': await small.token('librarian') },
    });
    expect(uploaded.statusCode).toBe(200);
    const read = await small.call('POST', '/api/misc/readFile', { user: 'librarian', body: { fileName: uploaded.json().file } });
    expect([read.statusCode, read.json().code]).toEqual([413, 'ARCHIVE_TOO_LARGE']);
    expect(read.json().message).toMatch(/text\/strings\.xml/);
    // At their usual path the upload itself refuses them.
    const usual = multipart('file', 'usual.xlsx', book('sharedStrings.xml'));
    const refused = await small.app.inject({
      method: 'POST',
      url: '/api/misc/upload',
      payload: usual.payload,
      headers: { ...usual.headers, 'x-access-token': await small.token('librarian') },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([413, 'ARCHIVE_TOO_LARGE']);
  });
});

describe('text and JSON bombs', () => {
  const read = (fileName: string) => t.call('POST', '/api/misc/readFile', { user: 'librarian', body: { fileName } });

  it('stops a 10 MB csv of line breaks at the row cap', async () => {
    const { file } = (await upload('newlines.csv', Buffer.from(NEWLINES))).json();
    await refusedWithinBudget('csv newlines', () => read(file), [413, 'TOO_MANY_ROWS'], 150);
  });

  it('stops a JSON file of 3,000,000 items at the row cap without parsing it whole', async () => {
    const { file } = (await upload('many.json', Buffer.from(PAYLOADS['/many.json']))).json();
    await refusedWithinBudget('json items', () => read(file), [413, 'TOO_MANY_ROWS'], 150);
  });

  describe('sync payloads', () => {
    let store: number;
    const sync = async (path: string) => {
      const url = `/api/stores/${store}/catalogues`;
      const id = (await t.call('POST', url, { user: 'librarian', body: { name: `Sync ${path}`, syncURL: `${origin}${path}` } })).json().tid;
      return () => t.call('GET', `${url}/${id}/sync`, { user: 'librarian' });
    };
    beforeAll(async () => {
      store = await t.storeId('BIB-001');
    });

    it('stops 10 MB of line breaks at the row cap', async () => {
      await refusedWithinBudget('sync newlines', await sync('/newlines.csv'), [413, 'TOO_MANY_ROWS'], 150);
    });

    it('stops a JSON payload of 3,000,000 items at the row cap, and refuses an endlessly nested one', async () => {
      await refusedWithinBudget('sync json items', await sync('/many.json'), [413, 'TOO_MANY_ROWS'], 150);
      await refusedWithinBudget('sync json nesting', await sync('/deep.json'), [502, 'SYNC_FAILED'], 150);
    });
  });
});
