/**
 * The lifecycle on the service, on both stores, with two services on one store standing for two
 * processes (or nodes): a join race across them, a token reissued on one and refused at once on
 * the other, resign handing the seat to its autopilot, what the bot driver is told (botTurn,
 * submitAs, gamesAwaitingBots), and a turn clock that expires across a restart.
 */
import t, { type Test } from 'tap';
import { legalMoves, replay, type Move } from '../../../src/engine/index.js';
import { GameService, type CreatedGame } from '../../../src/service/game-service.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { openStore, type StoreLocation } from '../../../src/storage/open-store.js';
import { forEachStore } from '../../helpers/stores.js';

const T0 = Date.parse('2026-04-01T10:00:00.000Z');

async function serviceAt(
  t: Test,
  location: StoreLocation,
  options: { now?: () => Date; turnClock?: boolean } = {},
): Promise<GameService> {
  const store = await openStore(location);
  const service = new GameService(store, { cacheSize: 100, ...options });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  return service;
}

async function current(
  service: GameService,
  id: string,
): Promise<{ version: number; actor: number | null; moves: Move[] }> {
  return JSON.parse(await service.legalMovesJson(id));
}

/** Plays the first legal move for the actor with its token from `game`. */
async function playOne(
  service: GameService,
  game: CreatedGame,
  tokens: (string | undefined)[] = game.seats.map((s) => s.token),
): Promise<number> {
  const lm = await current(service, game.id);
  const r = await service.submit(game.id, tokenDigest(tokens[lm.actor!]!), {
    expectedVersion: lm.version,
    move: lm.moves[0],
  });
  return r.version;
}

async function until<T>(what: () => Promise<T | undefined | null>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await what();
    if (got) return got;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

forEachStore(t, (t, stores) => {
  t.test('of two processes joining one seat at once exactly one wins', async (t) => {
    const location = await stores.location(t);
    const [a, b] = [await serviceAt(t, location), await serviceAt(t, location)];
    for (let round = 0; round < 5; round++) {
      const game = await a.create({ players: [{ open: true }, { name: 'Bob' }] });
      await b.stateJson(game.id); // both hold the game in their caches
      const answers = await Promise.allSettled([
        a.lifecycle.join(game.id, 0, 'Ann'),
        b.lifecycle.join(game.id, 0, 'Cy'),
      ]);
      const won = answers.filter((x) => x.status === 'fulfilled');
      t.equal(won.length, 1, `round ${round}: one join wins`);
      const lost = answers.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      t.equal(lost.reason.code, 'SEAT_NOT_OPEN', `round ${round}: the other is told the seat is taken`);
      t.equal((await a.moves(game.id)).length, 1, 'one act in the log');
    }
  });

  t.test('a token reissued on one process is refused at once on another', async (t) => {
    const location = await stores.location(t);
    const [a, b] = [await serviceAt(t, location), await serviceAt(t, location)];
    const game = await a.create({ players: [{ name: 'Ann' }, { name: 'Bob' }] });
    while ((await current(b, game.id)).actor !== 1) await playOne(b, game);
    const { token } = await a.lifecycle.reissue(game.id, tokenDigest(game.adminToken), 1);
    const lm = await current(a, game.id);
    t.equal(lm.actor, 1);
    await t.rejects(
      b.submit(game.id, tokenDigest(game.seats[1].token), { expectedVersion: lm.version, move: lm.moves[0] }),
      { code: 'NOT_YOUR_GAME' },
    );
    const moved = await b.submit(game.id, tokenDigest(token), { expectedVersion: lm.version, move: lm.moves[0] });
    t.equal(moved.version, lm.version + 1, 'the new token moves on the other process');
  });

  t.test('a resigned seat keeps its score; its autopilot plays its turns', async (t) => {
    const service = (await stores.service(t)).service;
    const game = await service.create({ players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'resign-1' });
    await playOne(service, game);
    const before = JSON.parse(await service.stateJson(game.id));
    await t.rejects(
      service.lifecycle.resign(game.id, tokenDigest(game.seats[0].token), 1),
      { code: 'NOT_YOUR_GAME' },
      "only the seat's own token",
    );
    const { version } = await service.lifecycle.resign(game.id, tokenDigest(game.seats[1].token), 1);
    const state = JSON.parse(await service.stateJson(game.id));
    t.match(state.seats[1], { resigned: true, kind: 'human' });
    t.same(state.scores, before.scores, 'scores stay');
    await t.rejects(service.lifecycle.resign(game.id, tokenDigest(game.seats[1].token), 1), { code: 'SEAT_RESIGNED' });
    while ((await current(service, game.id)).actor !== 1) await playOne(service, game);
    const turn = await service.botTurn(game.id);
    t.match(turn, { seat: 1, reason: 'resigned', spec: { bot: 'greedy' } });
    const lm = await current(service, game.id);
    await t.rejects(
      service.submit(game.id, tokenDigest(game.seats[1].token), { expectedVersion: lm.version, move: lm.moves[0] }),
      { code: 'NOT_YOUR_TURN' },
    );
    t.same((await service.gamesAwaitingBots()).ids, [game.id], 'the game waits on a bot');
    // The driver replays the engine moves it was given and plays for the seat.
    const replayed = replay(turn!.setup, turn!.moves);
    t.ok(replayed.ok, 'the moves replay on the setup');
    const move = legalMoves(replayed.ok ? replayed.value.game : (undefined as never)).moves[0];
    const r = await service.submitAs(game.id, 1, turn!.version, move);
    t.equal(r.version, turn!.version + 1);
    t.ok(version < r.version);
  });

  t.test("botTurn names bot seats; submitAs is refused on a player's turn", async (t) => {
    const service = (await stores.service(t)).service;
    const game = await service.create({ players: [{ bot: 'mcts', level: 3 }, { name: 'Bob' }], seed: 'bots-1' });
    t.equal(game.seats[0].token, undefined);
    const turn = await service.botTurn(game.id);
    t.match(turn, { version: 0, seat: 0, reason: 'bot', spec: { bot: 'mcts', level: 3 }, moves: [] });
    t.equal(turn!.setup.seed, 'bots-1', 'with the seed');
    t.same((await service.gamesAwaitingBots()).ids.includes(game.id), true);
    let lm = await current(service, game.id);
    await t.rejects(
      service.submit(game.id, tokenDigest(game.seats[1].token!), { expectedVersion: 0, move: lm.moves[0] }),
      { code: 'NOT_YOUR_TURN' },
    );
    while (lm.actor === 0) {
      await service.submitAs(game.id, 0, lm.version, lm.moves[0]);
      lm = await current(service, game.id);
    }
    t.equal(await service.botTurn(game.id), null, "a player's turn is no bot's");
    t.notOk((await service.gamesAwaitingBots()).ids.includes(game.id));
    await t.rejects(service.submitAs(game.id, 1, lm.version, lm.moves[0]), { code: 'NOT_YOUR_TURN' });
    const log = await service.moves(game.id);
    t.ok(log.length > 0 && log.every((m) => m.seat === 0), "the bot's moves are in the log");
  });

  t.test('a replay of a log with acts rebuilds the same state as the live game', async (t) => {
    const location = await stores.location(t);
    const live = await serviceAt(t, location);
    const game = await live.create({
      players: [{ name: 'Ann' }, { open: true }, { bot: 'random' }],
      seed: 'replay-acts',
    });
    const admin = tokenDigest(game.adminToken);
    const { token } = await live.lifecycle.join(game.id, 1, 'Cleo');
    const tokens = [game.seats[0].token, token, undefined];
    while ((await current(live, game.id)).actor === 0) await playOne(live, game, tokens);
    let turn = await live.botTurn(game.id);
    while (turn) {
      const lm = await current(live, game.id);
      await live.submitAs(game.id, turn.seat, lm.version, lm.moves[0]);
      turn = await live.botTurn(game.id);
    }
    await live.lifecycle.reissue(game.id, admin, 0);
    await live.lifecycle.resign(game.id, tokenDigest(token), 1);
    await live.lifecycle.handToBot(game.id, admin, 0, { bot: 'greedy', level: 2 });
    const rebuilt = await serviceAt(t, location);
    t.equal(await rebuilt.stateJson(game.id), await live.stateJson(game.id), 'the same state, byte for byte');
    t.equal(await rebuilt.legalMovesJson(game.id), await live.legalMovesJson(game.id), 'the same legal moves');
    t.same(await rebuilt.botTurn(game.id), await live.botTurn(game.id), 'the same bot turn');
    const state = JSON.parse(await rebuilt.stateJson(game.id));
    t.match(state.seats, [
      { kind: 'bot', bot: 'greedy', level: 2, name: 'Ann' },
      { kind: 'human', name: 'Cleo', resigned: true },
      { kind: 'bot', bot: 'random' },
    ]);
    t.equal(state.players[1].name, 'Cleo');
  });

  t.test('a turn clock expires across a restart, and exactly one process times it out', async (t) => {
    const location = await stores.location(t);
    let now = T0;
    const clock = () => new Date(now);
    const first = await serviceAt(t, location, { now: clock, turnClock: true });
    const game = await first.create({ players: [{ name: 'Ann' }, { name: 'Bob' }], clock: { turnSeconds: 30 } });
    t.match(game.state, { clock: { turnSeconds: 30, deadline: new Date(T0 + 30_000).toISOString() } });
    await first.close(); // the first process stops before the deadline
    now = T0 + 31_000;
    const [a, b] = [
      await serviceAt(t, location, { now: clock, turnClock: true }),
      await serviceAt(t, location, { now: clock, turnClock: true }),
    ];
    const turn = await until(() => a.botTurn(game.id));
    t.match(turn, { seat: 0, reason: 'timedOut', spec: { bot: 'greedy' }, version: 1 });
    await Promise.all([a.clock!.check(), b.clock!.check()]);
    const log = await b.moves(game.id);
    t.same(
      log.map((m) => m.move),
      [{ type: 'turnTimedOut', seat: 0 }],
      "one turnTimedOut, at the deadline's version",
    );
    t.equal(log[0].at, new Date(now).toISOString());
    const state = JSON.parse(await a.stateJson(game.id));
    t.equal(state.clock.deadline, null, 'no deadline while the autopilot plays');
    // Once the autopilot moved and Bob's turn began, his deadline runs from that entry.
    let lm = await current(a, game.id);
    while (lm.actor === 0) {
      await a.submitAs(game.id, 0, lm.version, lm.moves[0]);
      lm = await current(a, game.id);
    }
    t.equal(JSON.parse(await a.stateJson(game.id)).clock.deadline, new Date(now + 30_000).toISOString());
    t.equal(await a.botTurn(game.id), null, 'Bob plays his own turn');
  });
});
