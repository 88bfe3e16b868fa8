/**
 * How a test starts a Node process (a server, the example bot, a tool running on Node). tap puts
 * its process-info hooks into every Node process below it through NODE_OPTIONS: a loader thread
 * that hands every module's text to the main thread and counts its lines. It doubled a server
 * process's start (1.0 → 2.2 s of CPU, measured), and the suite starts dozens of them. tap also
 * wraps `child_process` to add the hooks back to any environment it is given, so the child is
 * started through `env`, which sets NODE_OPTIONS last. Its coverage, when tap collects coverage
 * and the caller wants it, is Node's own (NODE_V8_COVERAGE into tap's coverage directory, the
 * format the c8 of tap's report reads), at a fifth of the cost.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const COVERAGE_DIR = fileURLToPath(new URL('../../.tap/coverage/', import.meta.url));

/** NODE_OPTIONS without tap's hooks (other options, e.g. a user's own, are kept). */
function withoutTapHooks(options: string | undefined): string {
  return (options ?? '')
    .split(/\s+/)
    .filter((option) => option !== '' && !option.includes('/@tapjs/'))
    .join(' ');
}

export interface ChildOptions {
  /** Counts what the child runs of this project in tap's coverage report (for servers). */
  coverage?: boolean;
}

export interface ChildCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** `command ...args` with `extraEnv`, as a process without tap's hooks. */
export function nodeChild(
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
  options: ChildOptions = {},
): ChildCommand {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  // tap sets this to '1' in a test process when it collects coverage (`--disable-coverage`: '0').
  if (options.coverage && process.env._TAPJS_PROCESSINFO_COVERAGE_ === '1') env.NODE_V8_COVERAGE = COVERAGE_DIR;
  return { command: 'env', args: [`NODE_OPTIONS=${withoutTapHooks(env.NODE_OPTIONS)}`, command, ...args], env };
}

/** Runs `command ...args` to its end as `nodeChild` starts it; answers its output. */
export function execNode(
  command: string,
  args: string[],
  { cwd, env, maxBuffer }: { cwd: string; env?: Record<string, string>; maxBuffer?: number },
): Promise<{ stdout: string; stderr: string }> {
  const child = nodeChild(command, args, env);
  return promisify(execFile)(child.command, child.args, {
    cwd,
    env: child.env,
    ...(maxBuffer === undefined ? {} : { maxBuffer }),
  });
}
