import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';

/** A fresh temporary database file, removed when the test ends. */
export function tempDatabase(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'carcassonne-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'games.db');
}
