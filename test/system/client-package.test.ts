/**
 * The client package installs like any other (clients/typescript): its tarball holds the built
 * JavaScript, the declarations, its README and CHANGELOG and nothing else; its version is the
 * API's; and installed from the tarball into an empty project it plays a whole game against a
 * real server, once with plain `node` on a .mjs file and once after `tsc --strict` on a .ts file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { CLIENT_DIR, installClientTarball, typeCheck } from '../helpers/client-package.js';
import { execNode } from '../helpers/child-env.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer } from '../helpers/server-process.js';

const openapi = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  info: { version: string };
};
const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, 'package.json'), 'utf8')) as {
  version: string;
  private?: boolean;
};

t.test("the client's major version is the API's, and its changelog names its version", async (t) => {
  t.equal(
    manifest.version.split('.')[0],
    openapi.info.version.split('.')[0],
    "clients/typescript/package.json's major version is the API's (info.version of openapi/openapi.json)",
  );
  t.notOk(manifest.private, 'installable');
  t.match(readFileSync(join(CLIENT_DIR, 'CHANGELOG.md'), 'utf8'), `\n## ${manifest.version}\n`);
});

/** Plays every seat of a new two-player game with random legal moves; prints the final state's id and scores. */
const BOT_JS = `
import { ApiProblem, CarcassonneClient } from 'carcassonne-client';
const client = new CarcassonneClient({ baseUrl: process.argv[2] });
const game = await client.createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }] });
await Promise.all(client.seats(game).map(async (me) => {
  for (let legal = await me.waitForTurn(); legal; legal = await me.waitForTurn()) {
    await me.play(legal.version, legal.moves[Math.floor(Math.random() * legal.moves.length)]);
  }
}));
const stale = await client.play(game.id, game.seats[0].token, 0, { type: 'pass' }).catch((e) => e);
if (!(stale instanceof ApiProblem) || stale.code !== 'VERSION_CONFLICT') throw new Error('expected a VERSION_CONFLICT problem');
console.log(JSON.stringify({ id: game.id, scores: (await client.state(game.id)).scores }));
`;

/** The same with types: every answer typed by the package's declarations, checked with --strict. */
const BOT_TS = `
import { ApiProblem, CarcassonneClient, type GameState, type LegalMoves, type Move } from 'carcassonne-client';
declare const process: { argv: string[] };
const client = new CarcassonneClient({ baseUrl: process.argv[2]! });
const game = await client.createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }], expansions: ['traders-builders', 'abbey-mayor'] });
await Promise.all(client.seats(game).map(async (me) => {
  for (let legal: LegalMoves | null = await me.waitForTurn(); legal; legal = await me.waitForTurn()) {
    const move: Move = legal.moves[Math.floor(Math.random() * legal.moves.length)]!;
    await me.play(legal.version, move);
  }
}));
const stale: unknown = await client.play(game.id, game.seats[0]!.token!, 0, { type: 'pass' }).catch((e: unknown) => e);
if (!(stale instanceof ApiProblem) || stale.code !== 'VERSION_CONFLICT') throw new Error('expected a VERSION_CONFLICT problem');
const state: GameState = await client.state(game.id);
console.log(JSON.stringify({ id: game.id, scores: state.scores }));
`;

t.test('installed from its tarball, the client plays a whole game with node and after tsc --strict', async (t) => {
  const installed = await installClientTarball(t);
  t.same(
    installed.files.sort(),
    [
      'CHANGELOG.md',
      'README.md',
      'dist/account-loop.d.ts',
      'dist/account-loop.js',
      'dist/answers.d.ts',
      'dist/answers.js',
      'dist/api.d.ts',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/webhook.d.ts',
      'dist/webhook.js',
      'package.json',
    ],
    'the tarball holds the build, its declarations and the docs, not the sources',
  );
  const server = await startServer(t, tempDatabase(t));
  const api = client(server.url);
  const finished = async (stdout: string) => {
    const { id, scores } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { id: string; scores: number[] };
    const state = (await api.get(`/games/${id}`)).body;
    t.equal(state.status, 'finished', 'the game was played to its end');
    t.same(scores, state.scores, "the final scores are the server's");
  };

  writeFileSync(join(installed.project, 'bot.mjs'), BOT_JS);
  await finished((await execNode(process.execPath, ['bot.mjs', server.url], { cwd: installed.project })).stdout);

  writeFileSync(join(installed.project, 'bot.ts'), BOT_TS);
  await typeCheck(installed.project, ['bot.ts']);
  await finished((await execNode(process.execPath, ['bot.js', server.url], { cwd: installed.project })).stdout);
});
