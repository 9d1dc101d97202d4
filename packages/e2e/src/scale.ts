/**
 * Scale-out rig: a throwaway PostgreSQL cluster of its own (packages/server/scripts/pg-cluster.sh with its own
 * PG_CLUSTER_STATE), N instances of the real server on it, and Debian's nginx round-robin in front
 * (the configuration the README's deployment section shows). Used by tests/scale.test.ts and scripts/bench-scale.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startServer, type RunningServer } from './server';

export const NGINX = '/usr/sbin/nginx';
const PG_SCRIPT = path.join(REPO_ROOT, 'packages', 'server', 'scripts', 'pg-cluster.sh');

export interface PgCluster {
  url: string;
  stop(): void;
}

export function startPgCluster(dir: string): PgCluster {
  const env = { ...process.env, PG_CLUSTER_STATE: path.join(dir, 'pg-cluster.env') };
  const out = execFileSync('bash', [PG_SCRIPT, 'start'], { env, encoding: 'utf8' });
  const url = /postgres:\/\/\S+/.exec(out)?.[0];
  if (!url) throw new Error(`no PostgreSQL cluster: ${out}`);
  return {
    url,
    stop: () => {
      execFileSync('bash', [PG_SCRIPT, 'stop'], { env, encoding: 'utf8' });
    },
  };
}

/** How long nginx leaves an instance out after a failed request to it (`fail_timeout`). */
export const UPSTREAM_FAIL_TIMEOUT_S = 2;

/** The nginx configuration of the deployment section (README): round-robin, retry on a dead or stopping instance. */
export function nginxConfig(listenPort: number, upstreamPorts: number[], dir: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_S}s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 60m;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

export async function startNginx(upstreamPorts: number[], dir: string): Promise<Balancer> {
  if (!existsSync(NGINX)) throw new Error('nginx not found: apt-get install -y nginx-light (scripts/system-deps.sh)');
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(port, upstreamPorts, dir));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${log}`);
    try {
      await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not answer: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

export interface ScaleRig {
  pg: PgCluster;
  instances: RunningServer[];
  balancer: Balancer;
  dir: string;
  /** Starts instance i again on its port (after stop), on the same database. */
  restart(i: number): Promise<RunningServer>;
  stop(): Promise<void>;
}

export const INSTANCE_ENV = { PORTAL_DEMO_PROFILE: 'small', TRUST_PROXY: '1', SHUTDOWN_TIMEOUT_MS: '15000' };

/** The cluster, `count` instances started together (they take turns preparing the database), nginx in front. */
export async function startScaleRig(count = 2): Promise<ScaleRig> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'));
  const pg = startPgCluster(dir);
  const instances: RunningServer[] = [];
  try {
    instances.push(
      ...(await Promise.all(
        Array.from({ length: count }, (_, i) =>
          startServer({
            databaseUrl: pg.url,
            requireBuild: false,
            env: INSTANCE_ENV,
            dataDir: mkdtempSync(path.join(dir, `instance-${i}-`)),
          }),
        ),
      )),
    );
    const balancer = await startNginx(
      instances.map((s) => s.port),
      path.join(dir, 'nginx'),
    );
    const rig: ScaleRig = {
      pg,
      instances,
      balancer,
      dir,
      async restart(i) {
        const old = rig.instances[i]!;
        rig.instances[i] = await startServer({ databaseUrl: pg.url, requireBuild: false, env: INSTANCE_ENV, port: old.port, dataDir: old.dataDir });
        return rig.instances[i]!;
      },
      async stop() {
        await balancer.stop();
        await Promise.all(rig.instances.map((s) => s.stop()));
        pg.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return rig;
  } catch (e) {
    await Promise.all(instances.map((s) => s.stop()));
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
