/**
 * The TypeScript client as an outside author gets it: `npm pack` of clients/typescript (its
 * prepack builds dist/), installed from the tarball into an empty project with `--offline` (the
 * package has no dependencies, so no registry is asked), and TypeScript files checked there with
 * `tsc --strict` against the installed declarations, as that project would. The package is packed
 * from a copy of its folder: two test files packing at once would otherwise build into one dist/.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { execNode } from './child-env.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const CLIENT_DIR = join(root, 'clients', 'typescript');
const TSC = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

export interface PackedFile {
  path: string;
}

export interface InstalledClient {
  /** The tarball `npm pack` wrote, and what it holds. */
  tarball: string;
  files: string[];
  /** An empty project (`"type": "module"`) with the tarball installed. */
  project: string;
}

/** Packs the client into `dir`, from a copy of its folder: the tarball's path and what it holds. */
export async function packClient(dir: string): Promise<{ tarball: string; files: string[] }> {
  const source = join(dir, 'carcassonne-client');
  cpSync(CLIENT_DIR, source, { recursive: true, filter: (path) => !/\/(node_modules|dist)$/.test(path) });
  // Its build's tsc: the checkout's TypeScript.
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'));
  const { stdout } = await execNode('npm', ['pack', '--json', '--pack-destination', dir], { cwd: source });
  const [packed] = JSON.parse(stdout) as { filename: string; files: PackedFile[] }[];
  if (!packed) throw new Error(`npm pack answered nothing: ${stdout}`);
  return { tarball: join(dir, packed.filename), files: packed.files.map((f) => f.path) };
}

/** An empty project (`"type": "module"`) in `dir`, with `tarballs` installed offline. */
export async function projectWith(dir: string, tarballs: string[]): Promise<string> {
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
  await execNode('npm', ['install', '--offline', '--no-audit', '--no-fund', ...tarballs], { cwd: project });
  return project;
}

/** Packs the client and installs its tarball into a new empty project, removed after the test. */
export async function installClientTarball(t: Test): Promise<InstalledClient> {
  const dir = mkdtempSync(join(tmpdir(), 'client-package-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { tarball, files } = await packClient(dir);
  return { tarball, files, project: await projectWith(dir, [tarball]) };
}

/**
 * `tsc --strict` over `files` of the project, compiled beside them (`.js`); the DOM library
 * gives `fetch` and `console`, as in a browser project or a Node one with `lib: ["DOM"]`.
 * TypeScript's own library files are not checked again (`skipDefaultLibCheck`): that was half
 * of each run's CPU (~2 of 4 s, lib.dom.d.ts the most of it) and proves nothing of the project;
 * the installed packages' declarations are still checked, with the files that use them, unless
 * `skipLibCheck` (for a project whose declarations a test checked already: TypeBox's alone cost
 * ~10 s of CPU to check, each time).
 */
export async function typeCheck(project: string, files: string[], { skipLibCheck = false } = {}): Promise<void> {
  const config = {
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipDefaultLibCheck: true,
      skipLibCheck,
    },
    files,
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config));
  await execNode(process.execPath, [TSC, '-p', project], { cwd: project }).catch(
    (error: Error & { stdout?: string }) => {
      throw new Error(`tsc --strict failed:\n${error.stdout ?? String(error)}`);
    },
  );
}
