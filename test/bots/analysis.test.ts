/**
 * Post-game analysis (src/bots/analysis.ts): a chance per seat at every position, summing to 1;
 * the finished game's last position is its result; and the pile order never leaks: two piles
 * that agree on everything public give the same analysis.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import {
  createGame,
  legalMoves,
  playInPlace,
  publicView,
  type Game,
  type GameSetup,
  type Move,
} from '../../src/engine/index.js';
import { actorsOf, chancesAt, preferredMove, turningPoints } from '../../src/bots/analysis.js';
import { chooseMove, playMatch, BOTS } from '../../src/bots/index.js';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

t.test(
  'a finished game: every position has chances for every seat that sum to 1; the last is the result',
  async (t) => {
    const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], seed: 'analysis-game' };
    const seats = [0, 1, 2].map((i) => ({ bot: BOTS.greedy, options: { seed: `g${i}` } }));
    const { moves, scores } = playMatch(setup, seats);
    const chances = chancesAt(setup, moves, 0, moves.length + 1, 6, 60_000);
    t.equal(
      chances.length,
      moves.length + 1,
      `${moves.length} decisions, each with the position after it (and the start)`,
    );
    t.ok(
      chances.every(
        (c) =>
          c.length === 3 &&
          c.every((p) => p >= 0 && p <= 1) &&
          near(
            c.reduce((a, b) => a + b, 0),
            1,
          ),
      ),
      'three chances in [0, 1] summing to 1 everywhere',
    );
    const top = Math.max(...scores);
    t.same(
      chances.at(-1),
      scores.map((s) => (s === top ? 1 / scores.filter((x) => x === top).length : 0)),
      'the end is the result',
    );
    const actors = actorsOf(setup, moves);
    const points = turningPoints(chances, actors, 5);
    t.ok(points.length > 0 && points.length <= 5, `${points.length} turning points`);
    for (const p of points) {
      t.equal(p.seat, actors[p.decision]);
      const preferred = preferredMove(setup, moves, p.decision, 50);
      const game = createGame(setup);
      if (!game.ok) throw new Error('setup');
      for (const m of moves.slice(0, p.decision)) playInPlace(game.value.game, m);
      t.ok(
        legalMoves(game.value.game).moves.some((m) => isDeepStrictEqual(m, preferred)),
        `decision ${p.decision}: the preferred move is legal there`,
      );
    }
  },
);

t.test('the pile order never leaks: two piles with the same public history give the same analysis', async (t) => {
  const shown = ['base/U', 'base/V', 'base/E', 'base/K', 'base/D'];
  const hidden = ['base/B', 'base/J', 'base/L', 'base/H', 'base/R', 'base/W', 'base/A'];
  const a: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: [...shown, ...hidden] };
  const b: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: [...shown, ...[...hidden].reverse()] };
  const start = (s: GameSetup): Game => {
    const created = createGame(s);
    if (!created.ok) throw new Error(created.error.reason);
    return created.value.game;
  };
  const [ga, gb] = [start(a), start(b)];
  // The moves both games take while everything public about them agrees.
  const moves: Move[] = [];
  for (;;) {
    const actor = legalMoves(ga).actor;
    if (actor === null) break;
    const move = chooseMove('greedy', ga, actor, { seed: `m${moves.length}` }).move;
    playInPlace(ga, move);
    if (!playInPlace(gb, move).ok || !isDeepStrictEqual(publicView(ga), publicView(gb))) break;
    moves.push(move);
  }
  t.ok(moves.length >= 6, `${moves.length} moves with the same public history`);
  t.notSame(a.tileOrder, b.tileOrder, 'and different hidden orders');
  const [ca, cb] = [
    chancesAt(a, moves, 0, moves.length + 1, 12, 60_000),
    chancesAt(b, moves, 0, moves.length + 1, 12, 60_000),
  ];
  t.same(ca, cb, 'the same chances at every position');
  const points = turningPoints(ca, actorsOf(a, moves), 3);
  t.same(
    points.map((p) => preferredMove(a, moves, p.decision, 40)),
    points.map((p) => preferredMove(b, moves, p.decision, 40)),
    'and the same preferred moves',
  );
});
