/**
 * PublicGame replays a public log as the server keeps it: engine moves and lifecycle acts in one
 * sequence (docs/lifecycle.md). An act takes a version and changes nothing the engine sees; what
 * it changes is who plays a seat's turns. The log here is a real game (greedy moves through the
 * engine) with a join, a timed-out turn, a resignation, a seat handed to a bot and an abort
 * between its moves, fed one entry at a time and also all at once.
 */
import t from 'tap';
import { chooseMove, isAct, PublicGame, type LogEntry, type LogEvent, type PublicAct } from '../../src/bots/index.js';
import {
  actorOf,
  createGame,
  legalMoves,
  playInPlace,
  publicView,
  type GameEvent,
  type GameSetup,
} from '../../src/engine/index.js';

const setup: GameSetup = {
  players: [{ name: 'Ann' }, { name: 'Open seat 2' }],
  expansions: ['traders-builders', 'abbey-mayor'],
  seed: 'public-game-acts',
};

const legalJson = (g: Parameters<typeof legalMoves>[0]) => JSON.stringify(legalMoves(g));

t.test('a log with acts between the moves replays: acts count as versions, the engine game is the same', async (t) => {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const real = created.value.game;
  const state = publicView(real);
  const history = new PublicGame({ state, created: created.value.events, log: [] });
  const log: { move: LogEntry; events: LogEvent[] }[] = [];
  const push = (move: LogEntry, events: readonly LogEvent[]) => {
    history.push(move, events);
    log.push({ move, events: [...events] });
  };
  const act = (a: PublicAct) => push(a, [a]);

  act({ type: 'seatJoined', seat: 1, name: 'Bob' });
  t.equal(history.version, 1, 'the join takes version 1');
  t.equal(legalJson(history.game()), legalJson(real), 'and changes nothing the engine sees');

  let moves = 0;
  let timedOutAt: number | undefined;
  let resigned = false;
  while (actorOf(real) !== null) {
    const actor = actorOf(real)!;
    if (moves === 10 && timedOutAt === undefined) {
      act({ type: 'turnTimedOut', seat: actor });
      timedOutAt = actor;
      t.ok(history.serverPlays(actor), "a timed-out turn is the server's");
      t.notOk(history.serverPlays(1 - actor), 'not the other seat');
    }
    if (timedOutAt !== undefined && actor !== timedOutAt) {
      t.notOk(history.serverPlays(timedOutAt), 'the timed-out turn ends when the actor changes');
      timedOutAt = -1;
    }
    if (moves === 30 && !resigned) {
      act({ type: 'seatResigned', seat: 1 });
      act({ type: 'tokenReissued', seat: 0 });
      resigned = true;
    }
    const { move } = chooseMove('greedy', real, actor, { seed: `m${moves}` });
    const played = playInPlace(real, move);
    if (!played.ok) throw new Error(played.error.reason);
    push(move, played.value);
    moves++;
    if (moves % 20 === 0)
      t.equal(legalJson(history.game()), legalJson(real), `the same legal moves after ${moves} moves`);
  }
  t.equal(timedOutAt, -1, 'a turn timed out and ended');
  t.equal(history.version, moves + 4, 'every move and act counted');
  t.same(publicView(history.game()).scores, publicView(real).scores, 'the same final scores');
  t.ok(history.serverPlays(1), 'a resigned seat stays the server’s');
  t.notOk(history.serverPlays(0), 'the other seat is its own');

  const whole = new PublicGame({ state: publicView(real), created: created.value.events, log });
  t.equal(whole.version, history.version, 'rebuilt from the whole log at once');
  t.same(publicView(whole.game()), publicView(real), 'to the same public state');

  whole.push({ type: 'seatHandedToBot', seat: 0, bot: 'greedy' }, []);
  t.ok(whole.serverPlays(0), 'a seat handed to a bot is the server’s');
  const aborted = new PublicGame({ state, created: created.value.events, log: [] });
  aborted.push({ type: 'gameAborted' }, [{ type: 'gameAborted' }]);
  t.ok(aborted.serverPlays(0) && aborted.serverPlays(1), 'an aborted game is nobody’s to play');
});

t.test('a move that does not replay names its version, counting the acts before it', async (t) => {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const history = new PublicGame({ state: publicView(created.value.game), created: created.value.events, log: [] });
  history.push({ type: 'seatJoined', seat: 1, name: 'Bob' }, []);
  history.push({ type: 'pass' }, []);
  t.throws(() => history.game(), /^the history does not replay: version 2: /);
});

t.test('isAct tells acts from moves and from engine events', async (t) => {
  const entries: LogEntry[] = [{ type: 'pass' }, { type: 'draw' }, { type: 'seatResigned', seat: 0 }];
  t.same(
    entries.map((e) => isAct(e)),
    [false, false, true],
  );
  const events: LogEvent[] = [
    { type: 'gameAborted' },
    ...(createGame(setup) as { value: { events: GameEvent[] } }).value.events,
  ];
  t.same(
    events.map((e) => isAct(e)),
    events.map((_, i) => i === 0),
  );
});
