/**
 * Many clients at once, over real HTTP, against one server process, against two processes
 * sharing one database file and against three nodes sharing one PostgreSQL database: every game's log stays 1..version without a gap, a duplicate or
 * a fork, each version has exactly one winner (the move in the log), idempotent retries get
 * the winner's very answer, and the state equals a fresh replay of the log — before and after
 * a restart.
 */
import { isDeepStrictEqual } from 'node:util';
import t, { type Test } from 'tap';
import { publicView, replay, type GameSetup, type Move } from '../../src/engine/index.js';
import { postgresDatabase } from '../helpers/postgres.js';
import { chooser } from '../helpers/random-play.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, serverOnFirstUse, startServer, type Client, type HttpResponse } from '../helpers/server-process.js';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';

const GAMES = 10;
const CLIENTS_PER_GAME = 4;
/**
 * Every version is raced by all the game's clients and checked on its own (one winner, in the
 * log, retries answered alike), so what counts is how many versions are raced: 160 per setup,
 * over games of 2 to 4 players with every mix of expansions. A game's length adds nothing to
 * it; 24 moves a game cost half as much CPU again for the same checks.
 */
const MOVES_PER_GAME = 16;

interface RaceGame {
  id: string;
  setup: GameSetup;
  tokens: string[];
}

interface Answer {
  worker: number;
  expectedVersion: number;
  move: Move;
  key?: string;
  res: HttpResponse;
}

async function createGames(api: Client, label: string): Promise<RaceGame[]> {
  const games: RaceGame[] = [];
  for (let i = 0; i < GAMES; i++) {
    const expansions = ([[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const)[
      i % 4
    ];
    const setup: GameSetup = {
      players: Array.from({ length: 2 + (i % 3) }, (_, p) => ({ name: `P${p}` })),
      expansions: [...expansions],
      seed: `${label}-${i}`,
    };
    const res = await api.post('/games', setup);
    if (res.status !== 201) throw new Error(`create: ${res.status}`);
    games.push({ id: res.body.id, setup, tokens: res.body.seats.map((s: { token: string }) => s.token) });
  }
  return games;
}

/**
 * One client: reads legal-moves and submits one of them, racing the others, until the game is far
 * enough. A keyed retry goes to `retryApi` (another server, when there are several).
 */
async function worker(
  t: Test,
  api: Client,
  retryApi: Client,
  game: RaceGame,
  w: number,
  answers: Answer[],
): Promise<void> {
  const choose = chooser(`race-${w}`);
  for (let round = 0; round < 200; round++) {
    const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
    if (lm.actor === null || lm.version >= MOVES_PER_GAME) return;
    const move = lm.moves[choose(lm.moves.length)] as Move;
    const body = { expectedVersion: lm.version, move };
    const headers: Record<string, string> = { authorization: `Bearer ${game.tokens[lm.actor]}` };
    if (choose(3) === 0) {
      // A client that retries at once with the same key, as after a dropped connection.
      const key = `w${w}-v${lm.version}`;
      headers['idempotency-key'] = key;
      const both = await Promise.all([
        api.post(`/games/${game.id}/moves`, body, headers),
        retryApi.post(`/games/${game.id}/moves`, body, headers),
      ]);
      for (const res of both) answers.push({ worker: w, expectedVersion: lm.version, move, key, res });
    } else {
      answers.push({
        worker: w,
        expectedVersion: lm.version,
        move,
        res: await api.post(`/games/${game.id}/moves`, body, headers),
      });
    }
  }
  t.fail(`worker ${w} of ${game.id} did not finish`);
}

/** The checks every race ends with; returns each game's state JSON. */
async function checkGames(t: Test, api: Client, games: RaceGame[], answers: Map<string, Answer[]>): Promise<unknown[]> {
  const states: unknown[] = [];
  for (const game of games) {
    const log = (await api.get(`/games/${game.id}/moves`)).body.moves as { seq: number; move: Move }[];
    const version = log.length;
    t.same(
      log.map((m) => m.seq),
      Array.from({ length: version }, (_, i) => i + 1),
      `${game.id}: seq 1..${version}, no gap, no duplicate`,
    );
    t.ok(version >= Math.min(MOVES_PER_GAME, 10), `${game.id}: ${version} moves played`);

    const mine = answers.get(game.id)!;
    const bad = mine.filter((a) => a.res.status !== 201 && a.res.status !== 409);
    t.same(
      bad.map((a) => `${a.res.status} ${JSON.stringify(a.res.body)}`),
      [],
      'only 201 and 409 answers',
    );
    const winners = mine.filter((a) => a.res.status === 201 && a.res.headers.get('idempotent-replayed') !== 'true');
    const byVersion = new Map<number, Answer[]>();
    for (const a of winners) byVersion.set(a.res.body.version, [...(byVersion.get(a.res.body.version) ?? []), a]);
    const forks = [...byVersion.entries()].filter(([, list]) => list.length !== 1).map(([v]) => v);
    t.same(forks, [], 'no version was won twice');
    t.same(
      [...byVersion.keys()].sort((a, b) => a - b),
      log.map((m) => m.seq),
      'every version in the log was won exactly once',
    );
    t.ok(
      winners.every(
        (a) => a.res.body.version === a.expectedVersion + 1 && isDeepStrictEqual(a.move, log[a.expectedVersion].move),
      ),
      "each winner's move is the log's",
    );
    for (const a of mine.filter((a) => a.res.status === 201 && a.res.headers.get('idempotent-replayed') === 'true')) {
      const original = byVersion.get(a.res.body.version)?.[0];
      if (!original || !isDeepStrictEqual(original.res.body, a.res.body))
        t.fail(`retry of ${a.key} did not get the original answer`);
    }
    for (const a of mine.filter((a) => a.res.status === 409)) {
      if (!(a.res.body.currentVersion > a.expectedVersion))
        t.fail(`409 with currentVersion ${a.res.body.currentVersion} for ${a.expectedVersion}`);
    }

    const state = (await api.get(`/games/${game.id}`)).body;
    const rebuilt = replay(
      game.setup,
      log.map((m) => m.move),
    );
    t.ok(rebuilt.ok, 'the log replays');
    if (rebuilt.ok)
      t.same(
        state,
        { id: game.id, version, ...lifecycleMembers(game.setup), ...publicView(rebuilt.value.game) },
        'the state is a fresh replay of the log',
      );
    states.push(state);
  }
  return states;
}

async function race(t: Test, apis: Client[], label: string) {
  const games = await createGames(apis[0], label);
  const answers = new Map(games.map((g) => [g.id, [] as Answer[]]));
  const started = Date.now();
  await Promise.all(
    games.flatMap((game, g) =>
      Array.from({ length: CLIENTS_PER_GAME }, (_, c) =>
        worker(
          t,
          apis[(g + c) % apis.length],
          apis[(g + c + 1) % apis.length],
          game,
          g * CLIENTS_PER_GAME + c,
          answers.get(game.id)!,
        ),
      ),
    ),
  );
  const all = [...answers.values()].flat();
  t.comment(
    `${label}: ${all.length} submissions by ${GAMES * CLIENTS_PER_GAME} clients in ${Date.now() - started} ms: ` +
      `${all.filter((a) => a.res.status === 201).length} × 201, ${all.filter((a) => a.res.status === 409).length} × 409`,
  );
  return { games, answers };
}

/**
 * The file of the SQLite races, and the server the first one restarts on it: the second race
 * needs two processes on one file, and this one is the first of them (a server start costs
 * about two seconds of CPU). The second race plays games of its own.
 */
const sqliteFile = tempDatabase(t);
const keptServer = serverOnFirstUse(t, sqliteFile);

t.test('many clients on many games against one server: one winner per version, no gap, no fork', async (t) => {
  const server = await startServer(t, sqliteFile);
  const api = client(server.url);
  const { games, answers } = await race(t, [api], 'one-server');
  const states = await checkGames(t, api, games, answers);
  await server.stop();

  const restarted = client((await keptServer()).url);
  for (const [i, game] of games.entries())
    t.same((await restarted.get(`/games/${game.id}`)).body, states[i], 'a restarted server rebuilds the same state');
});

t.test('two server processes on one database file: the same guarantees', async (t) => {
  const [a, b] = await Promise.all([keptServer(), startServer(t, sqliteFile)]);
  const apis = [client(a.url), client(b.url)];
  const { games, answers } = await race(t, apis, 'two-servers');
  const states = await checkGames(t, apis[0], games, answers);
  for (const [i, game] of games.entries())
    t.same((await apis[1].get(`/games/${game.id}`)).body, states[i], 'the other server answers the same state');
});

t.test(
  'three server processes on one PostgreSQL database: the same guarantees, keyed retries answered by another node',
  async (t) => {
    const url = await postgresDatabase(t);
    if (url === undefined) return t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
    const servers = await Promise.all([0, 1, 2].map(() => startServer(t, url)));
    const apis = servers.map((s) => client(s.url));
    const { games, answers } = await race(t, apis, 'three-nodes');
    const states = await checkGames(t, apis[0], games, answers);
    for (const api of apis.slice(1)) {
      for (const [i, game] of games.entries())
        t.same((await api.get(`/games/${game.id}`)).body, states[i], 'every node answers the same state');
    }
  },
);
