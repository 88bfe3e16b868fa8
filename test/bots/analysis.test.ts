/**
 * The analysis' estimator (src/bots/estimate.ts, analysis.ts; docs/analysis.md): a mistake is
 * flagged with the chance it lost, against the best move in the same position with the same
 * random numbers; a game played by the analysis' own best moves has no mistake whatever its
 * draws did; the standard error shrinks with more look-aheads; the same position and seeds give
 * the same numbers; the pile order never leaks; and a placement taken back (undo) is no decision.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import {
  createGame,
  legalMoves,
  play,
  playInPlace,
  publicView,
  type Game,
  type GameSetup,
  type Move,
} from '../../src/engine/index.js';
import { analysePositions, decisionIndices } from '../../src/bots/analysis.js';
import { ESTIMATE_DEFAULTS, estimatePosition, type EstimateOptions } from '../../src/bots/estimate.js';
import { readGame } from '../../src/bots/turning-points.js';
import { chancesOf, temperature } from '../../src/bots/value.js';
import { chooseMove } from '../../src/bots/index.js';
import { meeple, pass, scenario, tile } from '../helpers/scenario.js';

/** Small searches: these tests are about what the estimates mean, not how good they are. */
const SMALL: EstimateOptions = { ...ESTIMATE_DEFAULTS, playouts: 8, maxPlayouts: 16, minPlayouts: 8, horizon: 6 };

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

function started(setup: GameSetup): Game {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  return created.value.game;
}

/** The final scores after `moves` from `game` (never changed). */
function finalScores(game: Game, moves: Move[]): number[] {
  let g = game;
  for (const m of moves) {
    const r = play(g, m);
    if (!r.ok) throw new Error(r.error.reason);
    g = r.value.game;
  }
  return publicView(g).scores;
}

t.test('closing a city without a meeple on the last tile: the mistake loses exactly the difference', async (t) => {
  //  (0,-1) E r180 closes the start tile's city (D at (0,0), city N): 2 tiles, 4 points to a meeple on it.
  //  Seat 0 places U with no figure; seat 1 draws E, the last tile, closes the city and passes.
  const s = scenario({ tiles: ['base/U', 'base/E'] });
  s.play(tile(0, 1, 90), pass, tile(0, -1, 180));
  const onCity = meeple(0, -1, 0);
  const bestScores = finalScores(s.game, [onCity]);
  const playedScores = finalScores(s.game, [pass]);
  t.same(bestScores, [0, 4], 'a meeple on it: 4 points');
  t.same(playedScores, [0, 0], 'none: nothing');
  const estimate = estimatePosition(s.game, 3, pass, SMALL);
  const d = estimate.decision!;
  t.equal(d.seat, 1);
  t.same(d.best, onCity, "the analysis' best move is the meeple on the city");
  const T = temperature(0);
  const expected = chancesOf(bestScores, T)[1] - chancesOf(playedScores, T)[1];
  t.ok(near(d.loss, expected), `the loss is the difference of the two chances: ${d.loss} = ${expected}`);
  t.ok(d.loss > 0.1, 'a clear mistake');
  t.ok(near(d.lossSe, 0), 'no tile left to draw: no noise');
  t.same(estimate.chances, chancesOf(bestScores, T), "the position's chances are the best move's");
  t.same(d.played.chances, chancesOf(playedScores, T), "and the played move's are its own");

  // The same decision in a whole game's reading: the turning point, with its loss.
  const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: ['base/U', 'base/E'] };
  const moves = [tile(0, 1, 90), pass, tile(0, -1, 180), pass];
  const reading = readGame(analysePositions(setup, moves, 0, moves.length + 1, SMALL), 5);
  const mistake = reading.turningPoints.find((p) => p.decision === 3);
  t.ok(mistake, 'decision 3 is a turning point');
  t.match(mistake, { seat: 1, best: onCity, before: estimate.chances[1], played: d.played.chances[1] });
  t.ok(near(mistake!.loss, expected), 'with the same loss');
});

t.test('a game played by the analysis’ best moves has no mistake, however the draws moved the chances', async (t) => {
  const setup: GameSetup = {
    players: [{ name: 'A' }, { name: 'B' }],
    tileOrder: ['base/E', 'base/V', 'base/K', 'base/U', 'base/B', 'base/J', 'base/L', 'base/D'],
  };
  const game = started(setup);
  const moves: Move[] = [];
  while (legalMoves(game).actor !== null) {
    const best = estimatePosition(game, moves.length, undefined, SMALL).decision?.best;
    const move = best ?? legalMoves(game).moves[0];
    playInPlace(game, move);
    moves.push(move);
  }
  const positions = analysePositions(setup, moves, 0, moves.length + 1, SMALL);
  const reading = readGame(positions, 5);
  t.ok(
    reading.decisions.every((d) => d.loss === 0 && d.best === undefined),
    'every decision played the best move: no loss',
  );
  t.same(reading.turningPoints, [], 'no turning point');
  const lucky = reading.decisions.filter((d) => d.luck.some((l) => Math.abs(l) > 0.01));
  t.ok(lucky.length > 0, `yet the draws moved the chances at ${lucky.length} decisions: luck, apart`);
  t.ok(
    reading.decisions.every((d) => positions[d.decision].drew || d.luck.every((l) => l === 0)),
    'luck only where a move drew tiles',
  );
});

t.test('the standard error shrinks with more look-aheads', async (t) => {
  const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], seed: 'se-shrinks' };
  const game = started(setup);
  for (let i = 0; i < 20; i++)
    playInPlace(game, chooseMove('greedy', game, legalMoves(game).actor!, { seed: `m${i}` }).move);
  const at = (playouts: number) =>
    estimatePosition(game, 20, undefined, { ...SMALL, horizon: 20, playouts, maxPlayouts: playouts, minPlayouts: 8 });
  const [few, many] = [at(8), at(128)];
  t.ok(few.se[0] > 0, `8 look-aheads: ${few.se[0]}`);
  t.ok(many.se[0] < few.se[0] / 2, `128 look-aheads: ${many.se[0]}, less than half (1/4 expected)`);
});

t.test('the same position with the same seeds gives the same numbers', async (t) => {
  const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], seed: 'same-numbers' };
  const moves: Move[] = [];
  const game = started(setup);
  for (let i = 0; i < 12; i++) {
    const move = chooseMove('greedy', game, legalMoves(game).actor!, { seed: `m${i}` }).move;
    playInPlace(game, move);
    moves.push(move);
  }
  const [a, b] = [analysePositions(setup, moves, 0, 13, SMALL), analysePositions(setup, moves, 0, 13, SMALL)];
  t.same(a, b, 'twice the same');
  t.ok(
    a.every(
      (p) =>
        p.chances.length === 3 &&
        near(
          p.chances.reduce((x, y) => x + y, 0),
          1,
        ),
    ),
    'three chances summing to 1 at every position',
  );
  t.same(analysePositions(setup, moves, 5, 9, SMALL), a.slice(5, 9), 'and the same in steps of a few positions');
});

t.test('the pile order never leaks: two piles with the same public history give the same analysis', async (t) => {
  const shown = ['base/U', 'base/V', 'base/E', 'base/K', 'base/D'];
  const hidden = ['base/B', 'base/J', 'base/L', 'base/H', 'base/R', 'base/W', 'base/A'];
  const a: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: [...shown, ...hidden] };
  const b: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: [...shown, ...[...hidden].reverse()] };
  const [ga, gb] = [started(a), started(b)];
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
  t.same(
    analysePositions(a, moves, 0, moves.length + 1, SMALL),
    analysePositions(b, moves, 0, moves.length + 1, SMALL),
    'the same estimates, best moves and losses at every position',
  );
});

t.test(
  'a decision taken back is not a decision: an undo and the placement it took back are not analysed',
  async (t) => {
    // A real game's log, played as a person plays it: at three figure steps the seat takes its tile
    // back and places it elsewhere (the first placement listed, then the greedy bot's).
    const setup: GameSetup = {
      players: [{ name: 'A' }, { name: 'B' }],
      tileOrder: ['base/E', 'base/V', 'base/K', 'base/U', 'base/B', 'base/J', 'base/L', 'base/D'],
    };
    const game = started(setup);
    const withUndo: Move[] = [];
    const without: Move[] = [];
    let undos = 0;
    const apply = (move: Move) => {
      const r = playInPlace(game, move);
      if (!r.ok) throw new Error(r.error.reason);
      withUndo.push(move);
    };
    while (legalMoves(game).actor !== null) {
      const move = chooseMove('greedy', game, legalMoves(game).actor!, { seed: `m${withUndo.length}` }).move;
      if (move.type === 'placeTile' && undos < 3) {
        const other = legalMoves(game).moves.find((m) => m.type === 'placeTile' && !isDeepStrictEqual(m, move));
        if (other) {
          apply(other);
          t.ok(
            legalMoves(game).moves.some((m) => m.type === 'undo'),
            'the figure step offers the undo',
          );
          apply({ type: 'undo' });
          undos++;
        }
      }
      apply(move);
      without.push(move);
    }
    t.equal(undos, 3, 'three placements taken back');
    t.equal(withUndo.length, without.length + 6);
    t.same(
      decisionIndices(withUndo).map((i) => withUndo[i]),
      without,
      'the decisions are the moves that stood: no undo, no placement it took back',
    );
    const positions = analysePositions(setup, withUndo, 0, without.length + 1, SMALL);
    t.equal(positions.length, without.length + 1, 'one position per decision, and the end');
    t.same(
      positions,
      analysePositions(setup, without, 0, without.length + 1, SMALL),
      'the same analysis as the game played without taking anything back',
    );
    t.same(
      readGame(positions, 5).decisions.map((d) => d.decision),
      without.map((_, i) => i),
    );
    t.same(
      analysePositions(setup, withUndo, 2, 6, SMALL),
      positions.slice(2, 6),
      'and the same in steps that start after an undo',
    );
  },
);
