/**
 * The time bank (docs/lifecycle.md, "The clock") on both stores: each seat's bank pays its turns'
 * time and gains the increment; a bank alone or with a turn limit ends a turn at the first of the
 * two; at zero the autopilot plays or the seat forfeits; the banks are folded from the log, so a
 * restarted process (or another node) reads and times them alike. Time is the injected clock:
 * the tests wait for acts, never for time.
 */
import t, { type Test } from 'tap';
import { GameService, type CreatedGame } from '../../../src/service/game-service.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { openStore, type StoreLocation } from '../../../src/storage/open-store.js';
import type { Move } from '../../../src/engine/index.js';
import { forEachStore } from '../../helpers/stores.js';

const T0 = Date.parse('2026-04-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const PLAYERS = [{ name: 'Ann' }, { name: 'Bob' }];

async function serviceAt(t: Test, location: StoreLocation, now: () => Date): Promise<GameService> {
  const store = await openStore(location);
  const service = new GameService(store, { cacheSize: 100, now, turnClock: true });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  return service;
}

type Legal = { version: number; actor: number | null; moves: Move[] };
const legal = async (s: GameService, id: string): Promise<Legal> => JSON.parse(await s.legalMovesJson(id));
const clockOf = async (s: GameService, id: string) => JSON.parse(await s.stateJson(id)).clock;

/**
 * The clock's check at the injected `now`, after it has read the game's current turn (a commit
 * here tells the clock without waiting for it: `touch` here is that reading, awaited).
 */
async function timeOut(s: GameService, id: string): Promise<void> {
  await s.clock!.touch(id);
  await s.clock!.check();
}

/** The actor's whole turn by its player: the first listed move until another seat acts. */
async function playTurn(s: GameService, game: CreatedGame): Promise<void> {
  let lm = await legal(s, game.id);
  const seat = lm.actor!;
  while (lm.actor === seat) {
    await s.submit(game.id, tokenDigest(game.seats[seat].token!), { expectedVersion: lm.version, move: lm.moves[0] });
    lm = await legal(s, game.id);
  }
}

/** The autopilot's turn for `seat` (as the bot driver would play it). */
async function autopilotTurn(s: GameService, id: string, seat: number): Promise<void> {
  let lm = await legal(s, id);
  while (lm.actor === seat) {
    await s.submitAs(id, seat, lm.version, lm.moves[0]);
    lm = await legal(s, id);
  }
}

forEachStore(t, (t, stores) => {
  t.test("a seat's bank pays the time of its turns and gains the increment after each", async (t) => {
    let now = T0;
    const s = await serviceAt(t, await stores.location(t), () => new Date(now));
    const game = await s.create({ players: PLAYERS, clock: { bankSeconds: 60, incrementSeconds: 10 } });
    t.same(game.state.clock, {
      bankSeconds: 60,
      incrementSeconds: 10,
      onTimeout: 'autopilot',
      deadline: iso(T0 + 60_000),
      running: 0,
      runningSince: iso(T0),
      banksMs: [60_000, 60_000],
    });
    now = T0 + 20_000;
    await playTurn(s, game);
    t.same(await clockOf(s, game.id), {
      bankSeconds: 60,
      incrementSeconds: 10,
      onTimeout: 'autopilot',
      deadline: iso(T0 + 20_000 + 60_000),
      running: 1,
      runningSince: iso(T0 + 20_000),
      banksMs: [60_000 - 20_000 + 10_000, 60_000],
    });
    now = T0 + 65_000;
    await playTurn(s, game);
    t.same((await clockOf(s, game.id)).banksMs, [50_000, 60_000 - 45_000 + 10_000], "Bob's 45 s paid, 10 s added");
    t.equal((await clockOf(s, game.id)).deadline, iso(T0 + 65_000 + 50_000), "Ann's turn may last her bank");
  });

  t.test(
    'with a turn limit and a bank, the first to run out ends the turn; the bank pays only the limit',
    async (t) => {
      let now = T0;
      const s = await serviceAt(t, await stores.location(t), () => new Date(now));
      const game = await s.create({ players: PLAYERS, clock: { turnSeconds: 30, bankSeconds: 40 } });
      t.equal(game.state.clock!.deadline, iso(T0 + 30_000), 'the turn limit comes first');
      now = T0 + 35_000; // the act is written late: the bank pays the 30 s of the limit, not 35
      await timeOut(s, game.id);
      t.same(
        (await s.moves(game.id)).map((m) => m.move),
        [{ type: 'turnTimedOut', seat: 0 }],
      );
      t.same((await clockOf(s, game.id)).banksMs, [10_000, 40_000]);
      await autopilotTurn(s, game.id, 0);
      now = T0 + 40_000;
      await playTurn(s, game);
      t.same((await clockOf(s, game.id)).banksMs, [10_000, 40_000 - 5_000]);
      t.equal((await clockOf(s, game.id)).deadline, iso(T0 + 40_000 + 10_000), "now Ann's bank comes first");
    },
  );

  t.test('a bank alone: at zero the autopilot plays the turn, and the seat plays on with its increments', async (t) => {
    let now = T0;
    const s = await serviceAt(t, await stores.location(t), () => new Date(now));
    const game = await s.create({ players: PLAYERS, clock: { bankSeconds: 30, incrementSeconds: 5 } });
    now = T0 + 30_000;
    await timeOut(s, game.id);
    t.match(await s.botTurn(game.id), { seat: 0, reason: 'timedOut' });
    t.same((await clockOf(s, game.id)).banksMs, [5_000, 30_000], 'zero, then the increment');
    await autopilotTurn(s, game.id, 0);
    await playTurn(s, game);
    t.equal((await clockOf(s, game.id)).deadline, iso(T0 + 30_000 + 5_000), 'five seconds for her next turn');
  });

  t.test('onTimeout forfeit: the seat whose time runs out resigns', async (t) => {
    let now = T0;
    const s = await serviceAt(t, await stores.location(t), () => new Date(now));
    const game = await s.create({ players: PLAYERS, clock: { bankSeconds: 30, onTimeout: 'forfeit' } });
    t.equal(game.state.clock!.onTimeout, 'forfeit');
    now = T0 + 31_000;
    await timeOut(s, game.id);
    t.same(
      (await s.moves(game.id)).map((m) => m.move),
      [{ type: 'seatResigned', seat: 0, reason: 'outOfTime' }],
    );
    const state = JSON.parse(await s.stateJson(game.id));
    t.equal(state.seats[0].resigned, true);
    t.match(state.clock, { running: null, deadline: null, banksMs: [0, 30_000] }, 'no increment for a seat gone');
    t.match(await s.botTurn(game.id), { seat: 0, reason: 'resigned' });
  });

  t.test('the banks are folded from the log: a restarted process reads them and times them out', async (t) => {
    const location = await stores.location(t);
    let now = T0;
    const first = await serviceAt(t, location, () => new Date(now));
    const game = await first.create({ players: PLAYERS, clock: { bankSeconds: 50, incrementSeconds: 2 } });
    now = T0 + 12_000;
    await playTurn(first, game);
    now = T0 + 20_000;
    await playTurn(first, game);
    const before = await clockOf(first, game.id);
    t.same(before.banksMs, [40_000, 44_000]);
    await first.close();
    const [a, b] = [
      await serviceAt(t, location, () => new Date(now)),
      await serviceAt(t, location, () => new Date(now)),
    ];
    t.same(await clockOf(a, game.id), before, 'the same clock after the restart');
    now = T0 + 20_000 + 40_000;
    // Both know the turn (their start-up scans may still run: each reads it now), then race.
    await Promise.all([a.clock!.touch(game.id), b.clock!.touch(game.id)]);
    await Promise.all([a.clock!.check(), b.clock!.check()]);
    const acts = (await b.moves(game.id)).filter((m) => m.move.type === 'turnTimedOut');
    t.same(
      acts.map((m) => m.move),
      [{ type: 'turnTimedOut', seat: 0 }],
      'exactly one process timed the bank out',
    );
  });
});
