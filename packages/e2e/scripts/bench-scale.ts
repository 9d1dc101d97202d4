/**
 * Throughput of the list endpoint through one instance and through nginx in front of two (src/scale.ts: own
 * PostgreSQL cluster, small demo profile). Prints figures; asserts nothing.
 *   npx tsx packages/e2e/scripts/bench-scale.ts [--rows 20000] [--seconds 10] [--clients 8]
 */
import { startScaleRig } from '../src/scale';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 20_000);
const SECONDS = arg('seconds', 10);
const CLIENTS = arg('clients', 8);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body as parsed JSON
async function json(url: string, init: RequestInit): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main(): Promise<void> {
  const rig = await startScaleRig(2);
  try {
    const base = rig.instances[0]!.url;
    const signIn = await json(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
    });
    const headers = { 'x-access-token': signIn.token as string, 'content-type': 'application/json' };
    const store = signIn.storeIds[0] as number;
    const form = new FormData();
    form.append('file', new Blob([`code;objectId\n${Array.from({ length: ROWS }, (_, i) => `BS${i};E${i}`).join('\n')}\n`], { type: 'text/csv' }), 'bench.csv');
    const { file } = await json(`${base}/api/misc/upload`, { method: 'POST', headers: { 'x-access-token': signIn.token }, body: form });
    const { tid } = await json(`${base}/api/stores/${store}/catalogues`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench' }) });
    await json(`${base}/api/stores/${store}/catalogues/${tid}/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ fileName: file, fields: [{ code: 0, objectId: 1 }], sheetIndex: null, format: { separator: 'semicolon', firstRowHeader: true } }),
    });
    const path = `/api/stores/${store}/catalogues/${tid}/items?offset=0&limit=25`;

    const measure = async (url: string) => {
      const times: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < until) {
            const start = performance.now();
            const res = await fetch(`${url}${path}`, { headers: { 'x-access-token': signIn.token } });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`status ${res.status}`);
            times.push(performance.now() - start);
          }
        }),
      );
      times.sort((a, b) => a - b);
      return { rate: times.length / SECONDS, median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
    };
    await measure(rig.balancer.url); // warm both instances
    const one = await measure(base);
    const two = await measure(rig.balancer.url);
    const fmt = (r: { rate: number; median: number; p95: number }) =>
      `${r.rate.toFixed(1)} req/s (median ${r.median.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms)`;
    console.log(`list endpoint, first page of 25 of ${ROWS} items with its total, ${CLIENTS} clients, ${SECONDS} s each:`);
    console.log(`  one instance (direct):        ${fmt(one)}`);
    console.log(`  two instances behind nginx:   ${fmt(two)}`);
  } finally {
    await rig.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
