/**
 * Reading an analysed game (src/bots/turning-points.ts, docs/analysis.md), on positions written
 * out by hand: a turning point is a mistake (the move played lost chance against the best, out
 * of the noise), never a draw that moved the chance; luck is the draw's change, apart; a slide
 * over many decisions is reported with what the seat's mistakes and luck did in it.
 */
import t from 'tap';
import type { Move } from '../../src/engine/index.js';
import type { AnalysedPosition } from '../../src/bots/analysis.js';
import { MIN_LOSS, readGame } from '../../src/bots/turning-points.js';

const best: Move = { type: 'pass' };

/**
 * A two-player position: seat 0's chance `p` (with the best move) and, when a seat decides here,
 * its chance with the move played (`played`, seat 0's view), whether the move drew, and the loss's error.
 */
function position(
  p: number,
  decision?: { seat: number; played: number; drew?: boolean; lossSe?: number },
): AnalysedPosition {
  const chances = [p, 1 - p];
  if (!decision) return { chances, se: [0.01, 0.01], playouts: 32, tilesLeft: 0, means: [0, 0] };
  const { seat, played } = decision;
  const playedChances = [played, 1 - played];
  return {
    chances,
    se: [0.01, 0.01],
    playouts: 32,
    tilesLeft: 10,
    means: [0, 0],
    drew: decision.drew ?? false,
    decision: {
      seat,
      best,
      played: { chances: playedChances, se: [0.01, 0.01] },
      loss: chances[seat] - playedChances[seat],
      lossSe: decision.lossSe ?? 0.005,
    },
  };
}

t.test('a draw that moves the chance is luck, never a mistake', async (t) => {
  // Seat 0 plays the best move (0.5 → 0.5 before the draw), then draws badly: 0.2 after it.
  const positions = [position(0.5, { seat: 0, played: 0.5, drew: true }), position(0.2)];
  const reading = readGame(positions, 5);
  t.same(reading.turningPoints, [], 'no turning point');
  t.equal(reading.decisions[0].loss, 0);
  t.notOk('best' in reading.decisions[0], 'no better move named');
  t.same(
    reading.decisions[0].luck.map((l) => Math.round(l * 100) / 100),
    [-0.3, 0.3],
    "the draw's change, for each seat",
  );
});

t.test('a mistake is a turning point, with the chance it lost and the luck apart', async (t) => {
  // Seat 1 plays a move worth 0.4 where the best was worth 0.55 (seat 1's view), then draws well.
  const positions = [position(0.45, { seat: 1, played: 0.6, drew: true }), position(0.5)];
  const reading = readGame(positions, 5);
  t.equal(reading.turningPoints.length, 1);
  const [p] = reading.turningPoints;
  t.match(p, { decision: 0, seat: 1, best });
  t.equal(Math.round(p.before * 100), 55, "seat 1's chance with the best move");
  t.equal(Math.round(p.played * 100), 40, 'with the move played');
  t.equal(Math.round(p.loss * 100), 15, 'the loss');
  t.equal(Math.round(p.after * 100), 50, 'after the draw');
  t.equal(Math.round(reading.decisions[0].luck[1] * 100), 10, 'the draw gave seat 1 back 10 points: luck');
});

t.test('a loss within the noise, or too small, is not named', async (t) => {
  const noisy = readGame([position(0.5, { seat: 0, played: 0.44, lossSe: 0.04 }), position(0.44)], 5);
  t.same(noisy.turningPoints, [], 'a loss of 6 points with a standard error of 4');
  t.equal(Math.round(noisy.decisions[0].loss * 100), 6, 'still reported on its decision');
  const small = readGame([position(0.5, { seat: 0, played: 0.5 - MIN_LOSS / 2, lossSe: 0 }), position(0.49)], 5);
  t.same(small.turningPoints, [], `below ${MIN_LOSS}`);
});

t.test('the largest mistakes are named, at most the count asked, in game order', async (t) => {
  const losses = [0.05, 0.3, 0.1, 0.2, 0.04];
  const positions = [
    ...losses.map((loss, d) => position(0.5, { seat: d % 2, played: d % 2 === 0 ? 0.5 - loss : 0.5 + loss })),
    position(0.5),
  ];
  const reading = readGame(positions, 3);
  t.same(
    reading.turningPoints.map((p) => p.decision),
    [1, 2, 3],
  );
});

t.test('a slide over many decisions is reported with its mistakes and its luck', async (t) => {
  // Seat 0 from 0.6 down to 0.1 over decisions 4 to 13, by small mistakes and bad draws; flat elsewhere.
  const curve = [0.5, 0.55, 0.6, 0.6, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.1, 0.1, 0.1];
  const positions = curve.map((p, k) => {
    if (k === curve.length - 1) return position(p);
    const seat = k % 2;
    const next = curve[k + 1];
    // Seat 0's own moves lose half of each step, the draws the rest; seat 1's moves are the best.
    const played = seat === 0 && next < p ? p - (p - next) / 2 : p;
    return position(p, { seat, played: seat === 0 ? played : p, drew: true, lossSe: 0 });
  });
  const reading = readGame(positions, 5);
  const slide = reading.slides.find((s) => s.seat === 0);
  t.ok(slide, 'a slide for seat 0');
  t.match(slide, { seat: 0 });
  t.ok(slide!.before >= 0.55 && slide!.after <= 0.15, `from ${slide!.before} to ${slide!.after}`);
  t.ok(slide!.to - slide!.from >= 6, `over decisions ${slide!.from} to ${slide!.to}`);
  t.ok(slide!.mistakes > 0.1, `its mistakes lost ${slide!.mistakes.toFixed(2)}`);
  t.ok(slide!.luck < -0.1, `its luck was ${slide!.luck.toFixed(2)}`);
  t.ok(
    Math.abs(slide!.before - slide!.after - slide!.mistakes + slide!.luck) < 0.2,
    'the fall is about the mistakes plus the bad luck',
  );
  t.notOk(
    reading.slides.some((s) => s.seat === 1),
    "seat 1's rise is no slide",
  );
});
