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

/** Packs the client and installs its tarball into a new empty project, removed after the test. */
export async function installClientTarball(t: Test): Promise<InstalledClient> {
  const dir = mkdtempSync(join(tmpdir(), 'client-package-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const source = join(dir, 'carcassonne-client');
  cpSync(CLIENT_DIR, source, { recursive: true, filter: (path) => !/\/(node_modules|dist)$/.test(path) });
  // Its build's tsc: the checkout's TypeScript.
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'));
  const { stdout } = await execNode('npm', ['pack', '--json', '--pack-destination', dir], { cwd: source });
  const [packed] = JSON.parse(stdout) as { filename: string; files: PackedFile[] }[];
  if (!packed) throw new Error(`npm pack answered nothing: ${stdout}`);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
  const tarball = join(dir, packed.filename);
  await execNode('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
  return { tarball, files: packed.files.map((f) => f.path), project };
}

/**
 * `tsc --strict` over `files` of the project, compiled beside them (`.js`); the DOM library
 * gives `fetch` and `console`, as in a browser project or a Node one with `lib: ["DOM"]`.
 * TypeScript's own library files are not checked again (`skipDefaultLibCheck`): that was half
 * of each run's CPU (~2 of 4 s, lib.dom.d.ts the most of it) and proves nothing of the project;
 * the installed package's declarations are still checked, with the files that use them.
 */
export async function typeCheck(project: string, files: string[]): Promise<void> {
  const config = {
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipDefaultLibCheck: true,
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
