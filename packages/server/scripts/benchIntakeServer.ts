/** The server of bench-intake.ts, in a worker thread of its own, so the load generator does not share its event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { defaultConfig } from '../src/config';
import { createDb, type DbConfig } from '../src/db/connect';

async function main(): Promise<void> {
  const { dbConfig, dataDir } = workerData as { dbConfig: DbConfig; dataDir: string };
  const db = createDb(dbConfig);
  const app = await buildApp({ db, config: defaultConfig({ dataDir, portalRoot: null, logger: false }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  parentPort!.postMessage((app.server.address() as AddressInfo).port);
  parentPort!.once('message', async () => {
    await app.close();
    await db.destroy();
    parentPort!.postMessage('closed');
  });
}

void main();
