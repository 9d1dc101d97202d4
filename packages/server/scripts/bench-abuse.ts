/**
 * Abuse benchmark: one signed-in user tries to exhaust the server, and another user's calls are timed meanwhile.
 * A real server (the test app on a temp SQLite file, listening on a local port, called over HTTP) runs each attack
 * for a bounded time and prints, per attack: the attacker's answers by status, the process's peak RSS over its
 * RSS before the attack, the other user's worst and median latency under the attack beside the same calls on the
 * idle server (baseline), and the sandbox workers started and alive at most. The budget: RSS +300 MB, the other
 * user's worst `GET /api/stores` and list first page under 1 s, no 5xx; the other user's call of the attack's
 * kind is printed beside it (it may wait for its turn in a fair queue).
 *
 *   pnpm --filter @portal/server bench:abuse [-- --seconds 60] [-- --only ods,scripts,import,regex]
 *
 * Attacks: ods: 12 parallel reads of a 60,000-row .ods by one account and 8 by a second one; scripts: 50 parallel
 * endless ID-script test runs; import: an import of 200 ids whose script never ends (the import's script budget);
 * regex: 6 parallel slow regular-expression searches of a 2,500-row list of long values. The other user (admin)
 * asks for the libraries, a list's first page and the call of the same kind (a small .ods, a one-line script,
 * a regex search of a 1-row list) in turn.
 */
import type { AddressInfo } from 'node:net';
import { addCatalogue, multipart } from '../src/lists/testing/helpers';
import { odsWorkbook } from '../src/lists/testing/zip';
import { endIdleScriptWorkers, sandboxStats } from '../src/sandbox/idScript';
import { createTestApp, type TestApp } from '../src/testing/testApp';
import { option } from './benchArgs';

const args = process.argv.slice(2);
const SECONDS = Number(option(args, '--seconds') ?? 60);
const ONLY = option(args, '--only')?.split(',');
const BUDGET = { rssMb: 300, latencyMs: 1000 };

interface Timed {
  ms: number;
  status: number;
  probe?: number;
}

let base = '';
const tokens: Record<string, string> = {};

async function call(user: string, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Timed> {
  const start = performance.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: { 'x-access-token': tokens[user]!, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
    await res.arrayBuffer();
    return { ms: performance.now() - start, status: res.status };
  } catch {
    return { ms: performance.now() - start, status: 0 }; // stopped at the attack's time bound
  }
}

async function upload(t: TestApp, user: 'librarian' | 'admin' | 'manager', name: string, content: Buffer): Promise<string> {
  const { payload, headers } = multipart('file', name, content);
  const res = await t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': tokens[user]! } });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().file as string;
}

const rows = (n: number) => [
  ['code', 'title', 'author', 'year'],
  ...Array.from({ length: n }, (_, i) => [`C${i}`, `Title number ${i} of the catalogue`, `Author ${i % 500}`, 1900 + (i % 120)]),
];
const mb = (bytes: number) => Math.round(bytes / 1048576);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type Probe = () => Promise<Timed>;

/** The other user's calls in turn until `done`; every latency and status. */
async function probing(probes: Probe[], done: () => boolean): Promise<Timed[]> {
  const out: Timed[] = [];
  while (!done()) {
    for (const [i, probe] of probes.entries()) out.push({ ...(await probe()), probe: i });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return out;
}

async function main(): Promise<void> {
  const t = await createTestApp({ logger: false } as never);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const user of ['librarian', 'manager', 'admin'] as const) tokens[user] = await t.token(user);
  const store = await t.storeId('BIB-001');
  const longRows = Array.from({ length: 2500 }, (_, i) => ({ code: `R${i}`, field1: 'a'.repeat(250), field2: 'ab'.repeat(120) }));
  const large = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Long rows', longRows)}/items`;
  const tiny = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'One row', [{ code: 'T1', field1: 'abc' }])}/items`;
  const bigOds = odsWorkbook(rows(60_000));
  const smallOds = await upload(t, 'admin', 'small.ods', odsWorkbook(rows(50)));
  const common: Probe[] = [() => call('admin', 'GET', '/api/stores'), () => call('admin', 'GET', `${large}?limit=25`)];
  const regexQuery = (pattern: string) => `?limit=25&searchTexts=${encodeURIComponent(JSON.stringify({ field1: `/${pattern}/` }))}`;
  const saveScript = (script: string) =>
    call('librarian', 'PUT', '/api/idModifications', { storeId: store, catalogueItemsModification: script, inventoryItemsModification: '' });

  const attacks: Array<{
    name: string;
    probes: Probe[];
    prepare?: () => Promise<void>;
    attack: (signal: AbortSignal) => Promise<Timed[]>;
    after?: () => Promise<void>;
  }> = [
    {
      name: 'ods',
      probes: [...common, () => call('admin', 'POST', '/api/misc/readFile', { fileName: smallOds })],
      attack: async (signal) => {
        const mine = await upload(t, 'librarian', 'big.ods', bigOds);
        const theirs = await upload(t, 'manager', 'big.ods', bigOds);
        return Promise.all([
          ...Array.from({ length: 12 }, () => call('librarian', 'POST', '/api/misc/readFile', { fileName: mine }, signal)),
          ...Array.from({ length: 8 }, () => call('manager', 'POST', '/api/misc/readFile', { fileName: theirs }, signal)),
        ]);
      },
    },
    {
      name: 'scripts',
      probes: [...common, () => call('admin', 'POST', '/api/idModifications/test', { script: "return 'X' + id;" })],
      attack: (signal) =>
        Promise.all(Array.from({ length: 50 }, () => call('librarian', 'POST', '/api/idModifications/test', { script: 'while (true) {}' }, signal))),
    },
    {
      name: 'import',
      probes: [...common, () => call('admin', 'POST', '/api/idModifications/test', { script: "return 'X' + id;" })],
      prepare: async () => {
        await saveScript("if (id === '1234') return id; while (true) {}");
      },
      attack: async (signal) => {
        const file = await upload(t, 'librarian', 'endless.csv', Buffer.from(`code\n${Array.from({ length: 200 }, (_, i) => `C${i}`).join('\n')}\n`));
        const catalogue = (await t.call('POST', `/api/stores/${store}/catalogues`, { user: 'librarian', body: { name: 'Endless' } })).json().tid;
        return [
          await call(
            'librarian',
            'POST',
            `/api/stores/${store}/catalogues/${catalogue}/import`,
            { fileName: file, sheetIndex: null, fields: [{ code: 0 }] },
            signal,
          ),
        ];
      },
      after: async () => {
        await saveScript('');
      },
    },
    {
      name: 'regex',
      probes: [...common, () => call('admin', 'GET', `${tiny}${regexQuery('^ab')}`)],
      attack: (signal) =>
        Promise.all(
          Array.from({ length: 6 }, () => call('librarian', 'GET', `${large}${regexQuery(`${'.?'.repeat(25)}${'.'.repeat(24)}!`)}`, undefined, signal)),
        ),
    },
  ];

  console.log(`abuse bench: ${SECONDS} s at most per attack; budget RSS +${BUDGET.rssMb} MB, other user's worst latency ${BUDGET.latencyMs} ms, no 5xx`);
  console.log(
    'attack   | attacker answers                   | RSS before → peak (MB) | other user: libraries, page worst / median ms (baseline) | own kind worst ms (baseline) | 5xx | sandbox workers started / peak | within budget',
  );
  for (const a of attacks.filter((x) => !ONLY || ONLY.includes(x.name))) {
    await a.prepare?.();
    // Baseline: the same calls on the idle server.
    const idle: Timed[] = [];
    for (let i = 0; i < 5; i += 1) for (const [p, probe] of a.probes.entries()) idle.push({ ...(await probe()), probe: p });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = sandboxStats.started;
    sandboxStats.peakLive = sandboxStats.live;
    let finished = false;
    const signal = AbortSignal.timeout(SECONDS * 1000);
    const attacking = a.attack(signal).finally(() => {
      finished = true;
    });
    const seen = await probing(a.probes, () => finished);
    const answers = await attacking;
    clearInterval(sampler);
    await a.after?.();
    const byStatus = new Map<number, number>();
    for (const r of answers) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const fiveXx = [...answers, ...seen].filter((r) => r.status >= 500).length;
    const common2 = (calls: Timed[]) => calls.filter((r) => r.probe! < common.length).map((r) => r.ms);
    const own = (calls: Timed[]) => Math.round(Math.max(0, ...calls.filter((r) => r.probe === common.length).map((r) => r.ms)));
    const worst = Math.max(0, ...common2(seen));
    const ok = peak - before <= BUDGET.rssMb * 1048576 && worst < BUDGET.latencyMs && fiveXx === 0;
    const statuses = `${[...byStatus]
      .sort((x, y) => x[0] - y[0])
      .map(([s, n]) => `${n}×${s === 0 ? 'stopped' : s}`)
      .join(' ')}, last ${(Math.max(...answers.map((r) => r.ms)) / 1000).toFixed(1)} s`;
    console.log(
      [
        a.name.padEnd(8),
        statuses.padEnd(34),
        `${mb(before)} → ${mb(peak)} (+${mb(peak - before)})`.padEnd(22),
        `${Math.round(worst)} / ${Math.round(median(common2(seen)))} (${Math.round(Math.max(...common2(idle)))} / ${Math.round(median(common2(idle)))}), ${seen.length} calls`.padEnd(
          56,
        ),
        `${own(seen)} (${own(idle)})`.padEnd(28),
        String(fiveXx).padEnd(3),
        `${sandboxStats.started - started} / ${sandboxStats.peakLive}`.padEnd(30),
        ok ? 'yes' : 'NO',
      ].join(' | '),
    );
  }
  await endIdleScriptWorkers();
  await t.close();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
