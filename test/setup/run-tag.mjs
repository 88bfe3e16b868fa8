/**
 * Which test run a process belongs to, so that the suite's end (`postgres-stop.ts`) can find the
 * processes this run started and left behind, and no one else's (other checkouts run their own
 * suites on the same machine). Every test file, and tap's `before` and `after` scripts, is a child
 * of tap's runner: the tag is that runner's pid and start time (a pid alone may be reused).
 * `ts-register.mjs` puts it in the environment of every test process, and every process a test
 * starts (servers, Chromium, PostgreSQL through pg_ctl) inherits it, with the test file's name.
 */
import { readFileSync } from 'node:fs';

export const RUN_TAG = 'CARCASSONNE_TEST_RUN';
export const FILE_TAG = 'CARCASSONNE_TEST_FILE';

/** `<pid>.<start time in clock ticks>` of `pid`; undefined without /proc (not Linux). */
export function processTag(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): the 22nd field is the start time.
    return `${pid}.${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return undefined;
  }
}

/** Tags this process (and so its children) with its run, unless a parent already did. */
export function tagThisProcess() {
  const tag = processTag(process.ppid);
  if (tag === undefined || process.env[RUN_TAG] !== undefined) return;
  process.env[RUN_TAG] = tag;
  process.env[FILE_TAG] = process.argv[1] ?? '';
}
