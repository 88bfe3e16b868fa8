/**
 * The lifecycle and the bot driver together, over real HTTP: a player who resigns is replaced by
 * their autopilot and the game still ends; a turn clock that runs out is logged as
 * `turnTimedOut` and the autopilot plays that turn; a bank that runs out with `onTimeout: forfeit`
 * resigns the seat; an admin hands a seat to a bot mid-game.
 * Every bot move is searched in the pool and committed through the same log as a player's.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { bearer, testApp, type App } from './helpers/app.js';

const TILES = ['base/U', 'base/E', 'base/V', 'base/D', 'base/K', 'base/L', 'base/B', 'base/W'];

interface Created {
  id: string;
  seats: { seat: number; token?: string }[];
  adminToken: string;
}
interface LogEntry {
  seq: number;
  seat: number;
  move: { type: string };
}

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// One server for the three games, as a server plays many: an app's bot workers cost more than
// half a second of CPU to start, about as much as each game here.
const base = await listening(await testApp(t, { bots: { moveIterations: 8 } }));

async function post(base: string, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
}

/** Plays `seat`'s turns (its first legal move each time) until the game ends, waiting on the others by long-poll. */
async function playUntilEnd(base: string, id: string, seat: number, token: string): Promise<number> {
  let after: number | undefined;
  let played = 0;
  for (;;) {
    const query = after === undefined ? '' : `?after=${after}&wait=30`;
    const lm = (await (await fetch(`${base}/games/${id}/legal-moves${query}`)).json()) as {
      version: number;
      actor: number | null;
      moves: unknown[];
    };
    if (lm.actor === null) return played;
    if (lm.actor !== seat) {
      after = lm.version;
      continue;
    }
    const res = await post(base, `/games/${id}/moves`, { expectedVersion: lm.version, move: lm.moves[0] }, token);
    // A bot may take the version first (an autopilot on a timed-out turn): then look again.
    if (res.status !== 201 && res.status !== 409) throw new Error(`move: ${res.status} ${await res.text()}`);
    if (res.status === 201) played += 1;
    after = undefined;
  }
}

async function log(base: string, id: string): Promise<LogEntry[]> {
  return ((await (await fetch(`${base}/games/${id}/moves?limit=1000`)).json()) as { moves: LogEntry[] }).moves;
}

t.test('a resigned seat is played by its autopilot to the end, and its player can no longer move it', async (t) => {
  const created = (await (
    await post(base, '/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: TILES })
  ).json()) as Created;
  const [ann, bob] = [created.seats[0].token!, created.seats[1].token!];
  const resigned = await post(base, `/games/${created.id}/seats/1/resign`, {}, bob);
  t.equal(resigned.status, 200, await resigned.clone().text());
  const lm = (await (await fetch(`${base}/games/${created.id}/legal-moves`)).json()) as {
    version: number;
    moves: unknown[];
  };
  const refused = await post(
    base,
    `/games/${created.id}/moves`,
    { expectedVersion: lm.version, move: lm.moves[0] },
    bob,
  );
  t.equal(refused.status, 403, "a resigned player's token moves nothing (it is not the actor's)");
  const annMoves = await playUntilEnd(base, created.id, 0, ann);
  const entries = await log(base, created.id);
  const at = entries.findIndex((e) => e.move.type === 'seatResigned');
  t.equal(entries[at]?.seat, 1, 'the resignation is in the log');
  const bobAfter = entries.slice(at + 1).filter((e) => e.seat === 1);
  t.ok(bobAfter.length > 0, `the autopilot made ${bobAfter.length} moves for Bob`);
  t.equal(
    annMoves + bobAfter.length,
    entries.length - 1,
    "every move after the resignation is Ann's or the autopilot's",
  );
  const state = (await (await fetch(`${base}/games/${created.id}`)).json()) as {
    phase: string;
    seats: { resigned: boolean }[];
  };
  t.equal(state.phase, 'finished');
  t.same(
    state.seats.map((s) => s.resigned),
    [false, true],
  );
});

t.test('a turn clock that runs out is logged as turnTimedOut, then the autopilot plays that turn', async (t) => {
  const created = (await (
    await post(base, '/games', {
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      tileOrder: TILES,
      clock: { turnSeconds: 1 },
    })
  ).json()) as Created;
  // Nobody plays: the clock times Ann's turn out, her autopilot plays it; then Bob's.
  const deadline = Date.now() + 120_000; // only ends a test that would hang
  let entries: LogEntry[] = [];
  while (Date.now() < deadline) {
    entries = await log(base, created.id);
    if (entries.filter((e) => e.move.type === 'turnTimedOut').length >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const first = entries.findIndex((e) => e.move.type === 'turnTimedOut');
  t.ok(first >= 0, 'the first turn timed out');
  t.equal(entries[first].seat, 0, "Ann's turn");
  t.equal(entries[first + 1]?.seat, 0, 'then her autopilot moved for her');
  t.notOk(['turnTimedOut'].includes(entries[first + 1].move.type));
  const second = entries.findIndex((e, i) => i > first && e.move.type === 'turnTimedOut');
  t.equal(entries[second]?.seat, 1, "then Bob's turn timed out");
  const events = (await (await fetch(`${base}/games/${created.id}/events`)).json()) as {
    events: { seq: number; events: { type: string }[] }[];
  };
  t.same(
    events.events[first].events.map((e) => e.type),
    ['turnTimedOut'],
    'the act is an event',
  );
});

t.test('onTimeout forfeit: a seat whose bank runs out resigns, and its autopilot plays on', async (t) => {
  const created = (await (
    await post(base, '/games', {
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      tileOrder: TILES,
      clock: { bankSeconds: 1, onTimeout: 'forfeit' },
    })
  ).json()) as Created;
  const deadline = Date.now() + 120_000; // only ends a test that would hang
  let entries: LogEntry[] = [];
  while (Date.now() < deadline) {
    entries = await log(base, created.id);
    if (entries.some((e) => e.move.type === 'seatResigned') && entries.some((e) => e.seat === 0 && e.seq > 1)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t.same(entries[0].move, { type: 'seatResigned', seat: 0, reason: 'outOfTime' }, "Ann's bank ran out: she forfeits");
  t.equal(entries[1]?.seat, 0, 'her autopilot plays her turn');
  const state = (await (await fetch(`${base}/games/${created.id}`)).json()) as {
    seats: { resigned: boolean }[];
    clock: { onTimeout: string; banksMs: number[] };
  };
  t.equal(state.seats[0].resigned, true);
  t.equal(state.clock.onTimeout, 'forfeit');
  t.equal(state.clock.banksMs[0], 0);
});

t.test('an admin hands a seat to a bot mid-game: the bot plays it from its next turn', async (t) => {
  const created = (await (
    await post(base, '/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: TILES })
  ).json()) as Created;
  const handed = await post(base, `/games/${created.id}/seats/1/bot`, { bot: 'mcts', level: 1 }, created.adminToken);
  t.equal(handed.status, 200, await handed.clone().text());
  await playUntilEnd(base, created.id, 0, created.seats[0].token!);
  const entries = await log(base, created.id);
  t.ok(entries.some((e) => e.move.type === 'seatHandedToBot'));
  t.ok(entries.filter((e) => e.seat === 1 && e.move.type !== 'seatHandedToBot').length > 0, 'the bot moved for seat 1');
  const state = (await (await fetch(`${base}/games/${created.id}`)).json()) as {
    phase: string;
    seats: { kind: string; bot?: string }[];
  };
  t.equal(state.phase, 'finished');
  t.match(state.seats[1], { kind: 'bot', bot: 'mcts' });
});
