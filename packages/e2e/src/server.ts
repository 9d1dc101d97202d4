import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The last 20,000 characters the process printed. */
  output(): string;
  /** Stops the process; `keepData` leaves the data directory for a restart on it. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a port (a restart the open pages must find again); a free one otherwise. */
  port?: number;
  /** Reuse a data directory (a restart keeps the database); a fresh temp one otherwise. */
  dataDir?: string;
  /** Extra environment, e.g. PORTAL_DEMO_PROFILE=small. */
  env?: Record<string, string>;
  /** Refuse to start without a build (default); false only to prepare data (scripts/test.sh, before the build). */
  requireBuild?: boolean;
  /** PostgreSQL instead of the embedded SQLite (several instances on one database: src/scale.ts). */
  databaseUrl?: string;
  /** Demo mode (default). false: an empty install, which needs ADMIN_PASSWORD in env. */
  demo?: boolean;
}

const STARTUP_TIMEOUT_MS = 600_000;

/** A free TCP port on loopback (never the reserved 8080). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => (port === 8080 ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      // No keep-alive: an idle pooled socket would keep jest from exiting.
      const response = await fetch(`${url}/api/misc/version`, { headers: { connection: 'close' } });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The real server (packages/server main.ts) serving the production builds, on a random port with a fresh
 * data directory (embedded SQLite and the demo accounts: password = user name).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (options.requireBuild !== false && !existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'registry.json'))) {
    throw new Error('No build found (shell/dist/registry.json): run `pnpm build` before the end-to-end tests');
  }
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  // Embedded SQLite in the temp folder whatever the caller's environment says, unless databaseUrl is given.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // One process, as `pnpm start` runs it (node with tsx's loader): signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages', 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DEMO: options.demo === false ? '0' : '1',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stop() signals the server and anything it started together.
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // the group is gone already
    }
  };
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    // The first start generates the demo data: minutes on a machine busy with the build and other tests.
    await waitUntilUp(url, child, () => log, STARTUP_TIMEOUT_MS);
  } catch (error) {
    signal('SIGTERM'); // never leave a half-started server behind
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    output: () => log,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        signal('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          exited,
          new Promise((resolve) => {
            timer = setTimeout(resolve, 5000);
          }),
        ]);
        clearTimeout(timer); // a pending timer would keep jest from exiting
      }
      signal('SIGKILL'); // whatever of the group is still there after the bounded wait
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
