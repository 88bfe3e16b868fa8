/**
 * Runs the real server as a child process on a free port, from what `npm run build` made
 * (`dist/server.js`, as `npm start` does): started through tsx, each server compiled the
 * sources again, which took seconds on a loaded machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { nodeChild } from './child-env.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(root, 'dist', 'server.js');
const BUILD_INFO = join(root, 'dist', '.tsbuildinfo');

/** Refuses to test an old build: a source newer than dist/server.js means `npm run build` is due. */
function checkBuilt(): void {
  let built: number;
  try {
    // `tsc -b` rewrites only the outputs that changed, and its build info on every build.
    built = Math.max(statSync(SERVER).mtimeMs, statSync(BUILD_INFO, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  } catch {
    throw new Error('dist/server.js is missing: run `npm run build` (npm test does)');
  }
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > built) {
      throw new Error(`src/ changed after dist/ was built (${entry.name}): run \`npm run build\` (npm test does)`);
    }
  }
}

export interface ServerProcessOptions {
  /** `ulimit -n` for the server process: its open-file limit. */
  openFiles?: number;
  /** Told the process id as soon as it is started (before it listens). */
  onSpawn?: (pid: number) => void;
}

export interface RunningServer {
  url: string;
  /** Every line the server wrote to stdout and stderr. */
  output: string[];
  pid: number;
  stop(): Promise<void>;
  /** Kills the process at once (no shutdown), as a crash would. */
  crash(): Promise<void>;
}

/**
 * What a test server runs with unless the test says otherwise. Every game that ends starts its
 * post-game analysis in the background, as many look-aheads as its positions ask for by default
 * (`ANALYSIS_BUDGET_MS` is only a safety net of 300 s of worker time): tests that play games to
 * the end then loaded the machine for as long as their server lived after it. The least budget the configuration takes still makes a whole analysis; a test
 * that looks at one gives its own (play-by-web).
 */
const TEST_SERVER_ENV = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ANALYSIS_BUDGET_MS: '100' };

/**
 * A server for a whole test file, started at its first use and stopped when the file ends: for
 * tests that make games of their own and need no process of their own (a start is ~2 s of CPU).
 */
export function serverOnFirstUse(
  t: Test,
  databasePath: string,
  env?: Record<string, string>,
): () => Promise<RunningServer> {
  let started: Promise<RunningServer> | undefined;
  return () => (started ??= startServer(t, databasePath, env));
}

export async function startServer(
  t: Test,
  databasePath: string,
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<RunningServer> {
  checkBuilt();
  const serverEnv = { ...TEST_SERVER_ENV, DATABASE_URL: databasePath, ...env };
  const node = nodeChild(process.execPath, [SERVER], serverEnv, { coverage: true });
  const [command, args] =
    options.openFiles === undefined
      ? [node.command, node.args]
      : ['bash', ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, node.command, ...node.args]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: node.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.onSpawn?.(child.pid!);
  const output: string[] = [];
  // If this process ends without its teardowns (a timeout), the server ends with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    }),
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  const crash = async () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGKILL');
    await exited;
  };
  // Before anything is awaited: a start that fails (this one, or another started beside it with
  // Promise.all) never leaves this process running past its test.
  t.teardown(stop);
  const url = await new Promise<string>((resolve, reject) => {
    // A server that never says it listens (e.g. LOG_LEVEL above info) is killed, not leaked.
    // The limit is for that case only: from dist, a server starts in well under a second, but
    // on a machine at a load of 40 one took more than a minute to print its first line.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output.join('')}`));
    }, 300_000);
    let listening = false;
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      // Looked for until found only: the server then logs each request, and joining all it wrote
      // on every chunk grew quadratic with its traffic.
      if (listening) return;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  return { url, output, pid: child.pid!, stop, crash };
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON: tests read it like a client would, without a schema. */
  body: any;
}

/**
 * A tiny JSON client over real HTTP. Each request has a connection of its own: a kept-alive
 * socket that the server closes after its idle timeout while this (loaded) process has not yet
 * seen the close would be reused and fail (with "fetch failed", through fetch), a failure of the
 * test, not of the server. It is `node:http`, not `fetch`: a request through fetch cost this
 * process about three times the CPU (1.1 against 0.4 ms, measured, more under tap's async
 * hooks), and the system tests send thousands.
 */
export function client(base: string) {
  const request = (
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<HttpResponse> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { connection: 'close', ...extra };
      const req = httpRequest(
        base + path,
        {
          method,
          agent: false,
          headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          // A connection lost mid-answer (a killed server) is a failed request, as with fetch.
          res.on('close', () => {
            if (!res.complete) reject(new Error(`${method} ${path}: the connection closed before the answer ended`));
          });
          res.on('end', () => {
            const answered = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              answered.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode!, headers: answered, body: text ? JSON.parse(text) : undefined });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
  };
}

export type Client = ReturnType<typeof client>;
