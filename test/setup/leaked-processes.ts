/**
 * The processes a test run left behind: every live process whose environment carries this run's
 * tag (run-tag.mjs), but this one. Other runs' processes (other checkouts' suites on the same
 * machine) carry other tags and are never counted, nor touched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { FILE_TAG, RUN_TAG } from './run-tag.mjs';

export interface LeakedProcess {
  pid: number;
  command: string;
  /** The test file that started it (or its parent). */
  file: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

export function leakedProcesses(tag: string): LeakedProcess[] {
  const leaked: LeakedProcess[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const environment = read(`/proc/${pid}/environ`)?.split('\0');
    if (!environment?.includes(`${RUN_TAG}=${tag}`)) continue;
    // A zombie has exited already; only its parent's wait is missing.
    if (/\) Z /.test(read(`/proc/${pid}/stat`) ?? '')) continue;
    const file = environment.find((entry) => entry.startsWith(`${FILE_TAG}=`))?.slice(FILE_TAG.length + 1) ?? '?';
    leaked.push({ pid, command: (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ').trim(), file });
  }
  return leaked;
}
