/**
 * The view's parts without a browser: the frame of a turn's positions (web/board-frame.ts), the
 * whole feature a figure target would claim (web/feature-claim.ts), checked against the engine's
 * own legal moves over random games, and the numbering of others' tiles (web/board-marks.ts).
 */
import t from 'tap';
import { createGame, legalMoves, playInPlace, publicView, tileCatalog } from '../../src/engine/index.js';
import { seededRandom } from '../../src/engine/rng.js';
import { frame, inside, MIN_TILE_PX, reveal, tilePx, type Box } from '../../web/board-frame.js';
import { sinceLastTurn } from '../../web/board-marks.js';
import { claimOf } from '../../web/feature-claim.js';
import { randomSetup, withoutUndo } from '../helpers/random-play.js';

const catalog = tileCatalog();
const spots = (list: [number, number][]) => list.map(([x, y]) => ({ x, y }));

t.test('a turn start frames every position when they fit at a readable size', async (t) => {
  const legal = spots([
    [-3, 0],
    [4, 2],
    [0, -2],
  ]);
  const box = frame(legal, 1366, 520);
  t.ok(
    legal.every((p) => inside(box, p)),
    'all three inside',
  );
  t.ok(tilePx(box, 1366, 520) >= MIN_TILE_PX, 'at a readable tile size');
  const zoomedIn: Box = [0, 0, 1366 / 1.5, 520 / 1.5];
  const kept = frame(spots([[0, 0]]), 1366, 520, zoomedIn);
  t.equal(Math.round(tilePx(kept, 1366, 520)), 150, 'a zoom that shows them all is kept (panned, not shrunk)');
  const tiny: Box = [-2000, -2000, 4000, 4000];
  t.equal(
    tilePx(frame(legal, 1366, 520, tiny), 1366, 520),
    MIN_TILE_PX,
    'a whole board too small to read is zoomed in',
  );
});

t.test('positions too far apart: the readable window that holds the most, the hint among them', async (t) => {
  const cluster = spots([
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
  ]);
  const legal = [...cluster, { x: 30, y: 0 }];
  const box = frame(legal, 390, 400);
  t.equal(tilePx(box, 390, 400), MIN_TILE_PX, 'no smaller than readable');
  t.ok(
    cluster.every((p) => inside(box, p)),
    'the cluster of four is in view',
  );
  t.notOk(inside(box, { x: 30, y: 0 }), 'the far one is not');
  const hinted = frame(legal, 390, 400, undefined, { x: 30, y: 0 });
  t.ok(inside(hinted, { x: 30, y: 0 }), "the hint's spot is always in view");
  const moved = reveal(box, { x: 30, y: 0 });
  t.ok(inside(moved, { x: 30, y: 0 }), 'reveal pans to a spot');
  t.same([moved[2], moved[3]], [box[2], box[3]], 'without resizing');
  t.equal(reveal(box, { x: 0, y: 0 }), box, 'a spot in view moves nothing');
});

t.test("a figure target lights its whole feature and names who holds it, as the engine's rules see it", async (t) => {
  let free = 0;
  let held = 0;
  let scoredChecked = 0;
  for (const seed of ['claim-1', 'claim-2', 'claim-3']) {
    const created = createGame(randomSetup(seed, 3, ['traders-builders', 'abbey-mayor', 'inns-cathedrals']));
    if (!created.ok) throw new Error(created.error.reason);
    const { game } = created.value;
    const rnd = seededRandom(`${seed}/choices`);
    for (;;) {
      const lm = legalMoves(game);
      if (lm.actor === null) break;
      const state = publicView(game);
      for (const m of lm.moves) {
        if (m.type !== 'placeFigure') continue;
        const claim = claimOf(state, catalog, { x: m.x, y: m.y, feature: m.feature })!;
        t.ok(
          claim.tiles.some((p) => p.x === m.x && p.y === m.y),
          'the target tile is lit',
        );
        // A meeple, a large meeple, a mayor or a wagon goes only on a feature nobody holds; a builder or a pig beside one's own.
        if (m.figure === 'builder' || m.figure === 'pig') {
          held++;
          t.ok(claim.holders.includes(lm.actor), `${seed}: ${m.figure} at (${m.x}, ${m.y}) joins the actor's feature`);
        } else if (claim.kind !== 'monastery' && claim.kind !== 'abbey') {
          free++;
          t.same(
            claim.holders,
            [],
            `${seed}: ${m.figure} at (${m.x}, ${m.y}) #${m.feature}: nobody holds the ${claim.kind}`,
          );
        }
      }
      // The undo left out: the games go on to the scorings this test looks at.
      const move =
        lm.moves.at(-2)?.type === 'undo' ? withoutUndo(lm.moves, rnd) : lm.moves[Math.floor(rnd() * lm.moves.length)];
      const r = playInPlace(game, move);
      if (!r.ok) throw new Error(r.error.reason);
      const after = publicView(game);
      for (const e of r.value) {
        if (e.type !== 'featureScored' || (e.kind !== 'city' && e.kind !== 'road') || e.returned.length === 0) continue;
        const on = e.returned.find((f) => f.feature !== undefined)!;
        const claim = claimOf(after, catalog, { x: on.x, y: on.y, feature: on.feature })!;
        const key = (p: { x: number; y: number }) => `${p.x},${p.y}`;
        t.same(claim.tiles.map(key).sort(), e.tiles.map(key).sort(), `${seed}: the ${e.kind} lit is the one scored`);
        scoredChecked++;
      }
    }
  }
  t.ok(
    free > 300 && held > 5 && scoredChecked > 20,
    `checked ${free} free, ${held} held targets, ${scoredChecked} scored features`,
  );
});

t.test("others' tiles since this seat's last are numbered in order", async (t) => {
  const placed = (seat: number, x: number) =>
    [{ type: 'tilePlaced', seat, tile: 'base/U', x, y: 0, rotation: 0 }] as never;
  const history = [placed(0, 1), placed(1, 2), placed(2, 3), placed(2, 4), placed(0, 5), placed(1, 6), placed(2, 7)];
  t.same(
    sinceLastTurn(history, 0).map((r) => [r.n, r.seat, r.x]),
    [
      [1, 1, 6],
      [2, 2, 7],
    ],
    'seat 0 sees the two tiles since its own',
  );
  t.same(
    sinceLastTurn(history.slice(0, 5), 1).map((r) => [r.n, r.x]),
    [
      [1, 3],
      [2, 4],
      [3, 5],
    ],
    "a builder's second tile is numbered too",
  );
  t.same(
    sinceLastTurn(history, undefined).map((r) => r.x),
    [5, 6, 7],
    "a spectator sees back to the last seat's previous tile",
  );
  t.same(sinceLastTurn([], 0), [], 'nothing at the start');
});
