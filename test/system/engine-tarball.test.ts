/**
 * The engine and the bots as an outside project installs them: `npm run pack:engine` packs
 * carcassonne-api-<version>.tgz (dist/engine and dist/bots with their declarations, one runtime
 * dependency), installed with `npm install --offline` into an empty project. No registry is asked:
 * typebox is packed from this checkout's node_modules and installed beside it, and the client's
 * tarball with them (packed and installed once for the file's tests). There, a lookahead
 * bot (greedy over a PublicGame rebuilt from the public log, acts included) is compiled with
 * `tsc --strict` against the installed declarations and plays both seats of a lobby game (one
 * seat joined: an act in the log) against a real server to the end. And docs/bots.md's bot that
 * looks ahead, with the packed client beside the packed engine, plays a server bot to the end.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { tarballVersion } from '../../scripts/pack-engine.mjs';
import { execNode } from '../helpers/child-env.js';
import { packClient, projectWith, typeCheck } from '../helpers/client-package.js';
import { client, startServer } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';

const root = new URL('../..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

/** The bare module names the built engine and bots import. */
function bareImports(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) names.add(spec);
  }
  return names;
}

const BOT_TS = `
import { chooseMove, isAct, PublicGame, type LogEntry, type LogEvent, type PublicHistory } from 'carcassonne-api/bots';
import { legalMoves, type ExpansionId, type FigureKind, type Move, type Rules } from 'carcassonne-api/engine';
declare const process: { argv: string[] };
// Every expansion folder's words reach the packed declarations (expansions/modules.ts).
const words: [ExpansionId[], FigureKind[], Rules['riverTurns'][]] = [
  ['traders-builders', 'abbey-mayor', 'inns-cathedrals', 'river'],
  ['builder', 'pig', 'mayor', 'wagon', 'barn', 'largeMeeple'],
  ['c2', 'lookahead'],
];
void words;
const base = process.argv[2]!;
const get = async <T>(path: string): Promise<T> => (await fetch(base + path)).json() as Promise<T>;
const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(path + ': ' + res.status + ' ' + (await res.text()));
  return res.json() as Promise<T>;
};
const game = await post<{ id: string; seats: { seat: number; token?: string }[] }>('/games', {
  players: [{ name: 'Ann' }, { open: true }],
});
const joined = await post<{ token: string }>('/games/' + game.id + '/seats/1/join', { name: 'Bob' });
const tokens = [game.seats[0]!.token!, joined.token];
let acts = 0;
for (;;) {
  const state = await get<PublicHistory['state'] & { version: number; actor: number | null }>('/games/' + game.id);
  if (state.actor === null) break;
  const moves = await get<{ moves: { move: LogEntry }[] }>('/games/' + game.id + '/moves?limit=1000');
  const events = await get<{ created: LogEvent[]; events: { events: LogEvent[] }[] }>('/games/' + game.id + '/events');
  const log = moves.moves.slice(0, state.version).map((m, i) => ({ move: m.move, events: events.events[i]!.events }));
  acts = log.filter((e) => isAct(e.move)).length;
  const history = new PublicGame({ state, created: events.created.filter((e) => !isAct(e)), log });
  if (history.version !== state.version) throw new Error('versions differ');
  const local = legalMoves(history.game());
  if (local.actor !== state.actor) throw new Error('actors differ');
  const move: Move = chooseMove('greedy', history.game(), state.actor, { seed: 'v' + state.version }).move;
  await post('/games/' + game.id + '/moves', { expectedVersion: state.version, move }, tokens[state.actor]);
}
console.log(JSON.stringify({ id: game.id, acts }));
`;

/** The file's one project: the engine, TypeBox and the client, each packed once and installed offline together. */
interface Packed {
  dir: string;
  engine: string;
  project: string;
}

const packing = (async (): Promise<Packed> => {
  const dir = mkdtempSync(join(tmpdir(), 'engine-tarball-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const packed = await execNode(
    process.execPath,
    [join(root, 'scripts/pack-engine.mjs'), '--no-build', '--destination', dir],
    { cwd: root },
  );
  const engine = packed.stdout.trim().split('\n').at(-1)!;
  const [typebox] = JSON.parse(
    (
      await execNode('npm', ['pack', '--json', '--pack-destination', dir, join(root, 'node_modules/typebox')], {
        cwd: dir,
      })
    ).stdout,
  ) as { filename: string }[];
  const client = await packClient(dir);
  const project = await projectWith(dir, [join(dir, typebox.filename), engine, client.tarball]);
  return { dir, engine, project };
})();
// A failed packing fails the tests that await it, not the file before they start.
packing.catch(() => undefined);

t.test('the packed engine installs offline, type-checks a lookahead bot with --strict and plays a game', async (t) => {
  const { dir, engine: tarball, project } = await packing;
  const version = tarballVersion(manifest.version, readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
  t.equal(tarball, join(dir, `carcassonne-api-${version}.tgz`), "the tarball's name says its version");
  const listed = (await execNode('tar', ['tzf', tarball], { cwd: dir })).stdout.trim().split('\n');
  t.ok(
    listed.includes('package/dist/engine/index.d.ts') && listed.includes('package/dist/bots/index.js'),
    'holds the build',
  );
  t.same(
    listed.filter(
      (f) => !/^package\/(dist\/(engine|bots)\/.*\.(js|d\.ts)|package\.json|README\.md|CHANGELOG\.md)$/.test(f),
    ),
    [],
    'and nothing else (no sources, maps, service or tests)',
  );

  const imported = [...bareImports(join(root, 'dist/engine')), ...bareImports(join(root, 'dist/bots'))];
  t.same([...new Set(imported)].sort(), ['typebox'], 'the engine and the bots import typebox alone');
  const installed = JSON.parse(readFileSync(join(project, 'node_modules/carcassonne-api/package.json'), 'utf8'));
  t.same(installed.dependencies, { typebox: manifest.dependencies.typebox }, 'one runtime dependency, pinned');
  t.equal(installed.version, version, 'the version its name says');
  t.same(
    readdirSync(join(project, 'node_modules'))
      .filter((n) => !n.startsWith('.'))
      .sort(),
    ['carcassonne-api', 'carcassonne-client', 'typebox'],
    'nothing installed but the three tarballs (the client has no dependency)',
  );

  writeFileSync(join(project, 'lookahead-bot.ts'), BOT_TS);
  // The one check of the installed declarations in full (TypeBox's with them: ~10 s of CPU).
  await typeCheck(project, ['lookahead-bot.ts']);
  const server = await startServer(t, tempDatabase(t));
  const run = await execNode(process.execPath, ['lookahead-bot.js', server.url], { cwd: project });
  const { id, acts } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { id: string; acts: number };
  t.equal(acts, 1, 'the log it replayed held the join');
  t.equal((await client(server.url).get(`/games/${id}`)).body.status, 'finished', 'played to the end');
});

t.test("docs/bots.md's bot that looks ahead, from both tarballs, plays a server bot to the end", async (t) => {
  const bots = readFileSync(join(root, 'docs/bots.md'), 'utf8');
  const code = /^```ts engine-runnable\n([\s\S]*?)^```$/m.exec(bots)?.[1];
  t.ok(code, 'the block is there');
  const { project } = await packing;
  const server = await startServer(t, tempDatabase(t));
  writeFileSync(join(project, 'docs-bot.ts'), code!.replaceAll('http://127.0.0.1:3000', server.url));
  // The declarations are the first test's, checked there in full: this checks the bot's code.
  await typeCheck(project, ['docs-bot.ts'], { skipLibCheck: true });
  const { stdout } = await execNode(process.execPath, ['docs-bot.js'], { cwd: project });
  const id = /^game (\S+): final scores \[ \d+, \d+ \]$/m.exec(stdout)?.[1];
  t.ok(id, `names the game and its final scores: ${stdout.trim()}`);
  const state = (await client(server.url).get(`/games/${id}`)).body;
  t.equal(state.status, 'finished', 'played to the end');
  t.match(state.seats[1], { kind: 'bot', bot: 'greedy' }, "against the server's greedy bot");
});

t.test('a plain npm pack at the root refuses and says what packs the engine', async (t) => {
  // It would pack the repository with the service's dependencies (Fastify, SQLite, PostgreSQL...)
  // for every engine user to install: the refusal names the script that packs the engine alone.
  const refused = await execNode('npm', ['pack', '--dry-run'], { cwd: root }).then(
    () => undefined,
    (error: { stderr?: string }) => error,
  );
  t.ok(refused, 'npm pack fails');
  t.match(refused?.stderr, /npm run pack:engine packs the engine and the bots/);
});
