/**
 * The example bots as child processes of a system test: every line they print, a wait for the
 * line a test needs (an event, never a time), their exit, and a kill at the test's end if one is
 * still running.
 */
import { spawn } from 'node:child_process';
import type { Test } from 'tap';
import { ApiProblem } from '../../../clients/typescript/src/index.js';

export const root = new URL('../../..', import.meta.url).pathname;
/** Debian's python3, as the client's users run it. */
export const PYTHON = '/usr/bin/python3';

export interface Running {
  /** Every line it wrote to stdout. */
  lines: string[];
  /** The first line matching `pattern`, once it is written. */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  /** Its exit status, once it exits; its stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
  /** Sends it SIGTERM (the bots stop as on Ctrl-C). */
  terminate(): void;
}

/** Starts `command ...args`; killed at the test's end if still running. */
export function start(t: Test, command: string, args: string[], env: Record<string, string>, cwd = root): Running {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: [RegExp, (m: RegExpExecArray) => void][] = [];
  let stderr = '';
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const [pattern, found] of waiting) {
        const match = pattern.exec(line);
        if (match) found(match);
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stderr })),
  );
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return {
    lines,
    exited,
    terminate: () => void child.kill('SIGTERM'),
    line: (pattern) =>
      new Promise((found, failed) => {
        const match = lines.map((l) => pattern.exec(l)).find((m) => m !== null);
        if (match) return found(match);
        waiting.push([pattern, found]);
        void exited.then(({ code }) =>
          failed(new Error(`exited (${code}) before ${pattern}: ${lines.join('\n')}\n${stderr}`)),
        );
      }),
  };
}

/**
 * A call made with a bot's key while (or just after) the bot spends its account's request budget:
 * a 429 is asked again after its Retry-After, as a client does (a refused request changed nothing).
 */
export async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.status !== 429) throw error;
      await new Promise((ok) => setTimeout(ok, Math.max(1, error.retryAfter) * 1000));
    }
  }
}
