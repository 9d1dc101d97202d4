/** Command-line options shared by the bench and profile scripts (`--name value`, pnpm's `--` dropped). */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';

/** The value after `name`, if given. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The large profile's data directory: `--data-dir`, else DATA_DIR, else <repo>/.data-large. */
export function largeDataDir(args: string[]): string {
  return path.resolve(option(args, '--data-dir') ?? process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data-large'));
}

/** User + system CPU seconds a process of this machine has used so far (from /proc), or null when it is gone. */
export function procCpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
