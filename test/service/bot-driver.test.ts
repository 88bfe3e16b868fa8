/**
 * The bot driver over a real GameService on a real SQLite file: bots play their turns and stop
 * at a human's, a game of bots only finishes by itself, a restart picks up a game waiting on a
 * bot, and two services with a driver each on one file never fork the log. On both stores, with
 * two services standing for two nodes: each node's driver plays the bot turns its own commits
 * lead to, a node's periodic scan plays those a dead node left, and a node spends no query on
 * the moves of another node's game. Bot seats come from the game's creation (bot seats); mcts
 * runs on iteration budgets.
 */
import t from 'tap';
import { legalMoves, replay, type GameSetup, type Move } from '../../src/engine/index.js';
import { BotDriver } from '../../src/service/bots/bot-driver.js';
import { BotPool, BotWorkerCrashedError } from '../../src/service/bots/bot-pool.js';
import { serviceBotHost } from '../../src/service/bots/bot-runtime.js';
import { isAct } from '../../src/service/lifecycle/lifecycle.js';
import type { GameStore, LogEntry } from '../../src/storage/game-store.js';
import { GameService } from '../../src/service/game-service.js';
import { openStore } from '../../src/storage/open-store.js';
import { tokenDigest } from '../../src/service/lifecycle/seat-tokens.js';
import { startDriver, testPool, until } from '../helpers/bots.js';
import { openService } from '../helpers/service.js';
import { forEachStore } from '../helpers/stores.js';
import { tempDatabase } from '../helpers/temp-database.js';

const both: GameSetup['expansions'] = ['traders-builders', 'abbey-mayor'];
/**
 * How long a whole game of bots may take before the test calls it stuck: a bound, not a speed
 * check. At a load of 20 on 2 cores one took more than 120 s on PostgreSQL.
 */
const GAME_MS = 300_000;
/** The same for any other wait here: a bound that ends a hang, never a speed check. */
const BOUND_MS = 300_000;
const engineMoves = (log: { move: LogEntry }[]): Move[] => log.flatMap((m) => (isAct(m.move) ? [] : [m.move]));

/**
 * Each node's bot pool (A's, B's), kept for the whole file: a worker thread takes about a quarter
 * of a second of CPU to load the engine, and a pool per test and node started some thirty of
 * them, a third of this file's CPU. A pool keeps nothing of a job once it answers, and each test
 * stops its drivers and waits for their jobs at its teardown, so the next test finds the pool
 * idle. The tests about a pool's own behaviour (a worker killed, one worker shared by owners)
 * keep a pool of their own, and so do the two tests where two nodes' drivers race or share a
 * game: who plays a turn there depends on how fast each pool answers, and a pool warmed (or
 * still busy) from earlier tests made one node's driver play turns that were the other's
 * (under load, on PostgreSQL).
 */
const nodePools = [new BotPool({ size: 1, queueLimit: 64 }), new BotPool({ size: 1, queueLimit: 64 })];
t.teardown(() => Promise.all(nodePools.map((pool) => pool.close())));

async function turnOf(service: GameService, id: string) {
  const now = await service.current(id);
  return { version: now.version, actor: now.actor, finished: now.finished };
}

/** Plays the human seat's whole turn (first legal moves) through the service, with its token. */
async function playHumanTurn(service: GameService, id: string, token: Buffer, seat: number): Promise<void> {
  for (;;) {
    const lm = JSON.parse(await service.legalMovesJson(id)) as {
      version: number;
      actor: number | null;
      moves: unknown[];
    };
    if (lm.actor !== seat) return;
    await service.submit(id, token, { expectedVersion: lm.version, move: lm.moves.at(-1) as never });
  }
}

t.test('bots play their seats until it is a human turn', async (t) => {
  const { service, store } = openService(t, tempDatabase(t));
  const { driver, errors } = await startDriver(t, service, nodePools[0]);
  const created = await service.create({
    players: [{ name: 'P0' }, { bot: 'greedy' }, { bot: 'mcts', level: 1 }],
    expansions: both,
    seed: 'driver-human',
  });
  const human = tokenDigest(created.seats[0].token!);
  t.equal((await turnOf(service, created.id)).actor, 0, 'the human starts: the bots wait');
  for (let round = 0; round < 3; round++) {
    await playHumanTurn(service, created.id, human, 0);
    await until(
      async () => (await turnOf(service, created.id)).actor === 0 && driver.busy === 0,
      BOUND_MS,
      'the human turn',
    );
  }
  const log = await store.movesAfter(created.id, 0);
  const seats = new Set(log.map((m) => m.seat));
  t.same([...seats].sort(), [0, 1, 2], 'both bots moved');
  t.equal(driver.played, log.filter((m) => m.seat !== 0).length, 'every bot move came from the driver');
  t.same(errors, []);
});

t.test('a game of bots only finishes by itself, and its log replays to the same scores', async (t) => {
  const { service, store } = openService(t, tempDatabase(t));
  const { driver, errors } = await startDriver(t, service, nodePools[1], 8);
  // The creation itself tells the driver: seat 0's first turn is a bot's.
  const created = await service.create({
    players: [{ bot: 'greedy' }, { bot: 'mcts' }],
    expansions: both,
    seed: 'driver-bots',
  });
  await until(async () => (await turnOf(service, created.id)).finished, GAME_MS, 'the end of the game');
  const log = await store.movesAfter(created.id, 0);
  t.same(
    log.map((m) => m.seq),
    log.map((_, i) => i + 1),
    'one move per version',
  );
  const rebuilt = replay((await store.findGame(created.id))!.setup, engineMoves(log));
  t.ok(rebuilt.ok);
  if (!rebuilt.ok) return;
  const ended = rebuilt.value.events
    .flat()
    .reverse()
    .find((e) => e.type === 'gameEnded');
  t.equal(ended?.type, 'gameEnded');
  const state = JSON.parse((await service.current(created.id)).stateJson) as { scores: number[] };
  t.same(
    ended?.type === 'gameEnded' && ended.scores,
    state.scores,
    'the replay ends with the scores the service shows',
  );
  t.equal(legalMoves(rebuilt.value.game).phase, 'finished');
  t.equal(driver.played, log.length);
  t.same(errors, []);
});

t.test('after a restart the driver picks up a game waiting on a bot', async (t) => {
  forEachStore(t, async (t, stores) => {
    const location = await stores.location(t);
    // Opened here and closed by hand, not at the test's end: the "crash".
    const firstStore = await openStore(location);
    const first = { store: firstStore, service: new GameService(firstStore, { cacheSize: 10 }) };
    const created = await first.service.create({
      players: [{ name: 'P0' }, { bot: 'greedy' }],
      expansions: [],
      seed: 'driver-restart',
    });
    // No driver yet: the human plays, and the bot's turn waits (as after a crash).
    await playHumanTurn(first.service, created.id, tokenDigest(created.seats[0].token!), 0);
    const waiting = await turnOf(first.service, created.id);
    t.equal(waiting.actor, 1);
    await first.service.close();
    await first.store.close();

    const second = await stores.service(t, location);
    const { driver } = await startDriver(t, second.service, nodePools[0]);
    await until(
      async () => (await turnOf(second.service, created.id)).actor === 0 && driver.busy === 0,
      BOUND_MS,
      'the bot turn',
    );
    t.ok((await turnOf(second.service, created.id)).version > waiting.version, 'the bot moved after the restart');
  });
});

t.test("a bot turn that a node left when it died is played by another node's periodic scan", async (t) => {
  forEachStore(t, async (t, stores) => {
    const location = await stores.location(t);
    // Node A runs no driver: as if killed right after committing the move into the bot's turn.
    const a = await stores.service(t, location);
    const b = await stores.service(t, location);
    const errors: unknown[] = [];
    const driver = new BotDriver(serviceBotHost(b.service), nodePools[1], {
      listen: (onMove) => b.service.listenForBotTurns(onMove),
      budget: () => ({}),
      onError: (error) => errors.push(error),
      scanMs: 100,
    });
    t.teardown(async () => {
      driver.stop();
      await driver.settled();
    });
    await driver.start(); // its scan at start finds nothing of this game
    const created = await a.service.create({
      players: [{ name: 'Ann' }, { bot: 'greedy' }],
      expansions: [],
      seed: 'driver-scan',
    });
    await playHumanTurn(a.service, created.id, tokenDigest(created.seats[0].token!), 0);
    t.equal((await turnOf(a.service, created.id)).actor, 1, "the bot's turn, left by A");
    await until(
      async () => (await turnOf(b.service, created.id)).actor === 0 && driver.busy === 0,
      BOUND_MS,
      "B's scan to play it",
    );
    t.ok(driver.played > 0, `B's driver played the bot's ${driver.played} moves`);
    t.same(errors, []);
  });
});

t.test('two services on one database, each with a driver, play a bots-only game without a fork', async (t) => {
  forEachStore(t, async (t, stores) => {
    const location = await stores.location(t);
    const a = await stores.service(t, location);
    const b = await stores.service(t, location);
    // Created before the drivers start: each finds it in its scan at start.
    const created = await a.service.create({
      players: [{ bot: 'random' }, { bot: 'greedy' }],
      expansions: both,
      seed: 'driver-two',
    });
    const one = await startDriver(t, a.service, testPool(t));
    const two = await startDriver(t, b.service, testPool(t));
    // A driver is told only of its own service's commits: the second service is poked now and
    // then, as its periodic scan would (a node whose peer died), so both race each turn.
    const racing = setInterval(() => two.driver.poke(created.id), 5);
    t.teardown(() => clearInterval(racing));
    two.driver.poke(created.id);
    await until(async () => (await turnOf(a.service, created.id)).finished, GAME_MS, 'the end of the game');
    clearInterval(racing);
    await until(() => one.driver.busy === 0 && two.driver.busy === 0);
    const log = await a.store.movesAfter(created.id, 0);
    t.same(
      log.map((m) => m.seq),
      log.map((_, i) => i + 1),
      'every version once',
    );
    t.equal(
      one.driver.played + two.driver.played,
      log.length,
      'each committed move was one driver move: none counted twice',
    );
    t.ok(two.driver.played > 0, `the second service's driver won ${two.driver.played} of ${log.length} turns`);
    const rebuilt = replay((await a.store.findGame(created.id))!.setup, engineMoves(log));
    t.ok(rebuilt.ok, 'the log replays');
    t.same([...one.errors, ...two.errors], []);
    await until(
      async () => (await turnOf(b.service, created.id)).finished,
      BOUND_MS,
      'the other service to see the end',
    );
    t.same(await turnOf(b.service, created.id), await turnOf(a.service, created.id), 'both services see the same end');
  });
});

t.test("humans on two nodes: each node's driver plays the bot turns that follow its own commits", async (t) => {
  forEachStore(t, async (t, stores) => {
    const location = await stores.location(t);
    const a = await stores.service(t, location);
    const b = await stores.service(t, location);
    const one = await startDriver(t, a.service, testPool(t));
    const two = await startDriver(t, b.service, testPool(t));
    // Created after both drivers started: neither scan at start saw it.
    const created = await a.service.create({
      players: [{ name: 'Ann' }, { bot: 'greedy' }, { name: 'Bob' }, { bot: 'random' }],
      expansions: [],
      seed: 'driver-nodes',
    });
    const [ann, bob] = [tokenDigest(created.seats[0].token!), tokenDigest(created.seats[2].token!)];
    for (let round = 0; round < 3; round++) {
      // Ann plays on node A, Bob on node B; each waits until his node has heard of the last move.
      await until(async () => (await turnOf(a.service, created.id)).actor === 0, BOUND_MS, "Ann's turn on A");
      await playHumanTurn(a.service, created.id, ann, 0);
      await until(async () => (await turnOf(b.service, created.id)).actor === 2, BOUND_MS, "Bob's turn on B");
      await playHumanTurn(b.service, created.id, bob, 2);
    }
    await until(
      async () => (await turnOf(a.service, created.id)).actor === 0 && one.driver.busy === 0 && two.driver.busy === 0,
      BOUND_MS,
      'the last bot turn',
    );
    const log = await a.store.movesAfter(created.id, 0);
    const movesOf = (seat: number) => log.filter((m) => m.seat === seat).length;
    t.ok(movesOf(1) > 0 && movesOf(3) > 0, 'both bots moved');
    t.equal(one.driver.played, movesOf(1), "A's driver played every move of the bot after Ann, and nothing else");
    t.equal(two.driver.played, movesOf(3), "B's driver played every move of the bot after Bob, and nothing else");
    t.same([...one.errors, ...two.errors], []);
  });
});

/** `store`, counting its calls that may reach the database (all but the change stamp, the watch and close). */
function countingQueries(store: GameStore): { store: GameStore; count: () => number } {
  let count = 0;
  const free = new Set<PropertyKey>(['changeStamp', 'watch', 'close']);
  const counted = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (free.has(key)) return value.bind(target);
      return (...args: unknown[]) => {
        count += 1;
        return value.apply(target, args);
      };
    },
  });
  return { store: counted, count: () => count };
}

t.test(
  'a node spends no query on the moves another node commits to a game without bots (its driver and clock)',
  async (t) => {
    forEachStore(t, async (t, stores) => {
      const location = await stores.location(t);
      const a = await stores.service(t, location);
      // Node B: a real store, counted, and what a server runs: the turn clock and a bot driver.
      const raw = await openStore(location);
      const counting = countingQueries(raw);
      const b = new GameService(counting.store, { cacheSize: 100, turnClock: true });
      t.teardown(async () => {
        await b.close();
        await raw.close();
      });
      const { driver } = await startDriver(t, b, nodePools[1]);
      let id = '';
      let heard = 0;
      raw.watch((gameId) => gameId === id && heard++);
      // The clock's and the driver's scans at start are done when the count stays put.
      let settled = -1;
      await until(
        async () => {
          const now = counting.count();
          if (now === settled) return true;
          settled = now;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return false;
        },
        BOUND_MS,
        "B's scans at start",
      );
      const before = counting.count();
      // A clocked game of two humans, played on A: each move is announced to B (on PostgreSQL).
      const created = await a.service.create({
        players: [{ name: 'Ann' }, { name: 'Bob' }],
        clock: { turnSeconds: 3600 },
        seed: 'driver-quiet',
      });
      id = created.id;
      const tokens = created.seats.map((s) => tokenDigest(s.token));
      let played = 0;
      for (; played < 12; played++) {
        const lm = JSON.parse(await a.service.legalMovesJson(id)) as { version: number; actor: number; moves: Move[] };
        await a.service.submit(id, tokens[lm.actor], { expectedVersion: lm.version, move: lm.moves.at(-1)! });
      }
      if (stores.kind === 'postgres') await until(() => heard === played, BOUND_MS, 'B to hear every move');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await until(() => driver.busy === 0);
      t.equal(counting.count() - before, 0, `B heard ${heard} moves and queried nothing`);
      t.equal(driver.played, 0);
      t.equal(b.clock!.knows(id), false, "B keeps no deadline of A's game: A times it");
      // B still serves the game: its first read asks the log.
      t.same(await turnOf(b, id), await turnOf(a.service, id), 'B answers the game as A does');
    });
  },
);

t.test('a bot worker that dies mid-search fails that job only: the driver retries and the bot moves', async (t) => {
  const { service } = openService(t, tempDatabase(t));
  const created = await service.create({
    players: [{ bot: 'mcts' }, { name: 'P1' }],
    expansions: [],
    seed: 'driver-crash',
  });
  const pool = testPool(t);
  let jobs = 0;
  // The first search would run for a minute: long enough to be killed in.
  const { driver, errors } = await startDriver(t, service, pool, () =>
    jobs++ === 0 ? { timeMs: 60_000 } : { iterations: 10 },
  );
  await until(() => pool.stats().busy === 1, BOUND_MS, 'the first search');
  await pool.threads()[0].terminate();
  await until(
    async () => (await turnOf(service, created.id)).actor === 1 && driver.busy === 0,
    BOUND_MS,
    'the bot turn',
  );
  t.equal(errors.length, 1);
  t.type(errors[0], BotWorkerCrashedError);
  t.ok(driver.played >= 1, 'the bot moved after the retry');
});

t.test('a scan that finds many games computes at most maxGames at once, and plays them all', async (t) => {
  const { service } = openService(t, tempDatabase(t));
  const ids: string[] = [];
  const tileOrder = ['base/U', 'base/E', 'base/V', 'base/D', 'base/K', 'base/L'];
  for (let i = 0; i < 6; i++) {
    const created = await service.create({
      players: [{ bot: 'greedy' }, { bot: 'random' }],
      tileOrder,
      seed: `many${i}`,
    });
    ids.push(created.id);
  }
  const errors: unknown[] = [];
  const driver = new BotDriver(serviceBotHost(service), nodePools[0], {
    listen: (onMove) => service.listenForBotTurns(onMove),
    budget: () => ({}),
    onError: (error) => errors.push(error),
    maxGames: 2,
  });
  t.teardown(async () => {
    driver.stop();
    await driver.settled();
  });
  let most = 0;
  await driver.start(); // the scan finds the six games waiting
  await until(
    async () => {
      most = Math.max(most, driver.busy);
      for (const id of ids) if (!(await turnOf(service, id)).finished) return false;
      return true;
    },
    60_000,
    'every game to end',
  );
  t.ok(most >= 1 && most <= 2, `at most 2 games at once (${most})`);
  t.same(errors, []);
});

t.test("a creator's games beyond its share wait, and another creator's bot is played meanwhile", async (t) => {
  const { service } = openService(t, tempDatabase(t));
  const pool = new BotPool({ size: 1, queueLimit: 64, express: false });
  t.teardown(() => pool.close());
  const errors: unknown[] = [];
  const driver = new BotDriver(serviceBotHost(service), pool, {
    listen: (onMove) => service.listenForBotTurns(onMove),
    // The victim's move waits for one search at most (its lane goes first), so the flood games
    // stay far from over at any budget: it only decides how much CPU they burn meanwhile.
    budget: (spec) => (spec.bot === 'mcts' ? { iterations: 100 } : {}),
    onError: (error) => errors.push(error),
    maxGamesPerOwner: 2,
  });
  t.teardown(async () => {
    driver.stop();
    await driver.settled();
  });
  await driver.start();
  const flood = [];
  for (let i = 0; i < 5; i++)
    flood.push(await service.create({ players: [{ bot: 'mcts' }, { bot: 'mcts' }], seed: `flood${i}` }, '127.0.0.2'));
  await until(() => driver.busy === 2, BOUND_MS, "two of the attacker's games computing");
  t.equal(driver.busy, 2, 'the attacker has two games computed at once, the others wait');
  const victim = await service.create({ players: [{ bot: 'greedy' }, { name: 'Ann' }], seed: 'victim' }, '127.0.0.3');
  await until(
    async () => (await turnOf(service, victim.id)).actor === 1,
    BOUND_MS,
    "the victim's greedy bot to play its turn",
  );
  const floodVersions = await Promise.all(flood.map(async (g) => (await turnOf(service, g.id)).finished));
  t.ok(
    floodVersions.every((finished) => !finished),
    "the greedy bot played while the attacker's games were far from over",
  );
  t.same(errors, []);
});
