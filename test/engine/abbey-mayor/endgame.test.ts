import t from 'tap';
import {
  legalMoves,
  play,
  publicView,
  type EndgameAbbeys,
  type GameEvent,
  type PublicState,
} from '../../../src/engine/index.js';
import { playRandom, randomSetup } from '../../helpers/random-play.js';
import { abbey, draw, figure, meeple, pass, scored, scenario, tile, type Scenario } from '../../helpers/scenario.js';

// docs/rules.md §7: abbey tiles after the last land tile, under the three `endgameAbbeys` rulings,
// and the builder's second part after the very last tile. Start tile base/D at (0,0).

const abbeyEvents = (events: GameEvent[]) =>
  events.filter((e) => e.type === 'abbeyPlaced' || e.type === 'abbeySkipped' || e.type === 'gameEnded');
const code = (r: ReturnType<typeof play>) => (r.ok ? 'ok' : r.error.code);
const holders = (s: Scenario) => s.view().players.map((p) => p.abbey);

/** Empty positions with a tile on each of their four sides, read off the public board. */
function holes(v: PublicState): string[] {
  const placed = new Set(v.tiles.map((p) => `${p.x},${p.y}`));
  const out = new Set<string>();
  for (const p of v.tiles) {
    for (const [x, y] of [
      [p.x + 1, p.y],
      [p.x - 1, p.y],
      [p.x, p.y + 1],
      [p.x, p.y - 1],
    ] as const) {
      const around = [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ].every(([a, b]) => placed.has(`${a},${b}`));
      if (!placed.has(`${x},${y}`) && around) out.add(`${x},${y}`);
    }
  }
  return [...out];
}

/**
 * Three players; the last land tile (seat 0) makes the hole (1,1):
 *
 *            x=-1      x=0       x=1               x=2
 *   y=0      W r0      D start   V r0 (P1 meeple)  B
 *   y=1                B         [HOLE]            A&M H r0
 *   y=2                B         B
 * P1's road (-1,0)-(0,0)-(1,0) runs into the hole from the north.
 */
function lastTileHole(endgameAbbeys?: EndgameAbbeys, extra: string[] = []) {
  const s = scenario({
    players: 3,
    expansions: ['abbey-mayor'],
    rules: endgameAbbeys ? { endgameAbbeys } : {},
    tiles: ['base/B', 'base/V', 'base/W', 'base/B', 'base/B', 'base/B', 'abbey-mayor/H', ...extra],
  });
  s.play(tile(0, 1, 0), pass);
  s.play(tile(1, 0, 0), meeple(1, 0, 0));
  s.play(tile(-1, 0, 0), pass, tile(0, 2, 0), pass, tile(1, 2, 0), pass, tile(2, 0, 0), pass);
  s.play(tile(2, 1, 0), pass);
  return s;
}

t.test(
  'continue (default): from the left of the last-tile player, a player with an abbey and a hole must place it',
  async (t) => {
    const s = lastTileHole();
    t.same(s.view().rules.endgameAbbeys, 'continue');
    t.same(legalMoves(s.game), { actor: 1, phase: 'endgameAbbey', moves: [abbey(1, 1)] }, 'no pass, no draw');
    t.equal(code(play(s.game, pass)), 'CANNOT_PASS');
    t.equal(code(play(s.game, draw)), 'MOVE_NOT_ALLOWED_NOW');
    s.play(abbey(1, 1));
    t.same(
      legalMoves(s.game).moves,
      [figure('meeple', 1, 1, 0), figure('wagon', 1, 1, 0), { type: 'undo' }, pass],
      'a monk may go on it (or the abbey be taken back)',
    );
    s.play(meeple(1, 1, 0));
    // The abbey closes P1's road: it is scored in this normal scoring step.
    const inGame = scored(s.last).filter((e) => !e.final);
    t.same(
      inGame.map((e) => [e.kind, e.tiles.length, e.points]),
      [['road', 3, [{ seat: 1, points: 3 }]]],
    );
    t.same(
      abbeyEvents(s.last),
      [
        { type: 'abbeySkipped', seat: 2, reason: 'cannot-place' },
        { type: 'abbeySkipped', seat: 0, reason: 'cannot-place' },
        { type: 'gameEnded', scores: [0, 3 + 8, 0] },
      ],
      "seats 2 and 0 have no hole left; P1's monk scores 8 at the end (7 tiles around)",
    );
    t.same(holders(s), [true, false, true]);
    t.equal(s.view().status, 'finished');
  },
);

t.test('final-round: each seat with an abbey and a hole may place it or pass, once', async (t) => {
  const s = lastTileHole('final-round');
  t.same(legalMoves(s.game), { actor: 1, phase: 'endgameAbbey', moves: [abbey(1, 1), pass] });
  s.play(pass);
  t.same(abbeyEvents(s.last), [{ type: 'abbeySkipped', seat: 1, reason: 'passed' }]);
  t.same(legalMoves(s.game), { actor: 2, phase: 'endgameAbbey', moves: [abbey(1, 1), pass] });
  const from = s.events.length;
  s.play(abbey(1, 1), pass);
  t.same(
    scored(s.last)
      .filter((e) => !e.final)
      .map((e) => e.points),
    [[{ seat: 1, points: 3 }]],
    "seat 2's abbey closes P1's road",
  );
  t.same(abbeyEvents(s.events.slice(from)), [
    { type: 'abbeyPlaced', seat: 2, x: 1, y: 1 },
    { type: 'abbeySkipped', seat: 0, reason: 'cannot-place' },
    { type: 'gameEnded', scores: [0, 3, 0] },
  ]);
  t.same(holders(s), [true, true, false]);
});

t.test('none: the game ends right after the last tile; abbeys stay unused', async (t) => {
  const s = lastTileHole('none');
  t.equal(s.view().status, 'finished');
  t.equal(legalMoves(s.game).actor, null);
  t.notOk(s.events.some((e) => e.type === 'abbeyPlaced' || e.type === 'abbeySkipped'));
  t.same(abbeyEvents(s.last), [{ type: 'gameEnded', scores: [0, 3, 0] }], "P1's open road: 3 at the end");
  t.same(holders(s), [true, true, true]);
});

t.test('when the last tile is drawn and discarded, the round starts left of the seat that drew it', async (t) => {
  // Seat 1 closes the start city with base/E at (0,-1); then no open edge shows a city and
  // seat 2 draws base/C (city on all sides): it is discarded and the pile is empty.
  const s = lastTileHole(undefined, ['base/E', 'base/C']);
  t.same(legalMoves(s.game).moves, [draw, abbey(1, 1)]);
  s.play(draw, tile(0, -1, 180), pass);
  t.equal(legalMoves(s.game).actor, 2);
  s.play(draw);
  t.same(
    s.last.filter((e) => e.type === 'tileDiscarded'),
    [{ type: 'tileDiscarded', seat: 2, tile: 'base/C', reason: 'unplaceable' }],
  );
  t.same(legalMoves(s.game), { actor: 0, phase: 'endgameAbbey', moves: [abbey(1, 1)] });
});

/**
 * Traders & Builders + Abbey & Mayor, two players. P0's meeple (on (1,0)) and builder (on
 * (-1,0)) share the start road; the hole (1,1) is made by seat 0's H; seat 0's very last
 * tile (U r90 at (-2,0)) extends the builder's road, so a bonus part follows with an empty pile.
 *
 *            x=-2     x=-1            x=0        x=1               x=2
 *   y=-1                              E r180
 *   y=0      U r90    U r90 builder   D start    V r0 (P0 meeple)  B
 *   y=1                               B          [HOLE]            A&M H r0
 *   y=2                               B          B
 */
function bonusAfterLastTile(endgameAbbeys: EndgameAbbeys = 'continue') {
  const s = scenario({
    expansions: ['traders-builders', 'abbey-mayor'],
    rules: { endgameAbbeys },
    tiles: ['base/V', 'base/B', 'base/U', 'base/B', 'base/B', 'base/B', 'abbey-mayor/H', 'base/E', 'base/U'],
  });
  s.play(tile(1, 0, 0), meeple(1, 0, 0));
  s.play(tile(0, 1, 0), pass);
  s.play(tile(-1, 0, 90), figure('builder', -1, 0, 0));
  s.play(tile(0, 2, 0), pass, tile(2, 0, 0), pass, tile(1, 2, 0), pass, tile(2, 1, 0), pass);
  s.play(draw, tile(0, -1, 180), pass); // seat 1 draws rather than use the hole
  s.play(draw, tile(-2, 0, 90), pass); // seat 0's very last tile extends the builder's road
  return s;
}

t.test('a builder bonus after the very last tile may use the abbey: placeAbbey or pass', async (t) => {
  const s = bonusAfterLastTile();
  t.ok(s.last.some((e) => e.type === 'bonusPartStarted' && e.seat === 0));
  t.same(legalMoves(s.game), { actor: 0, phase: 'drawOrAbbey', moves: [pass, abbey(1, 1)] });
  t.equal(code(play(s.game, draw)), 'MOVE_NOT_ALLOWED_NOW', 'nothing to draw');
  s.play(abbey(1, 1), pass);
  t.same(
    scored(s.last).filter((e) => !e.final),
    [],
    'the road stays open at (-2,0)',
  );
  t.same(abbeyEvents(s.last).slice(0, 1), [{ type: 'abbeySkipped', seat: 1, reason: 'cannot-place' }]);
  t.equal(s.view().status, 'finished');
  t.same(holders(s), [false, true]);
});

t.test('passing in that bonus part hands the hole to the next seat in the end-game round', async (t) => {
  const s = bonusAfterLastTile();
  s.play(pass);
  t.same(abbeyEvents(s.last), [{ type: 'abbeySkipped', seat: 0, reason: 'passed' }]);
  t.same(legalMoves(s.game), { actor: 1, phase: 'endgameAbbey', moves: [abbey(1, 1)] });
  s.play(abbey(1, 1), pass);
  t.same(abbeyEvents(s.last).slice(0, 1), [{ type: 'abbeySkipped', seat: 0, reason: 'cannot-place' }]);
  t.same(holders(s), [true, false]);
  t.equal(s.view().status, 'finished');
});

t.test('with endgameAbbeys none the bonus part may still use the abbey', async (t) => {
  const s = bonusAfterLastTile('none');
  t.same(legalMoves(s.game), { actor: 0, phase: 'drawOrAbbey', moves: [pass, abbey(1, 1)] });
  s.play(pass);
  t.equal(s.view().status, 'finished', 'no end-game round under none');
  t.same(holders(s), [true, true]);
});

t.test('random games with both expansions finish under every ruling; each abbey is used at most once', async (t) => {
  for (const endgameAbbeys of ['continue', 'final-round', 'none'] as const) {
    for (const wagonMove of ['c2', 'c1'] as const) {
      const seed = `am-${endgameAbbeys}-${wagonMove}`;
      const placed: number[] = [0, 0, 0];
      const g = playRandom(
        randomSetup(seed, 3, ['traders-builders', 'abbey-mayor'], { endgameAbbeys, wagonMove }),
        seed,
        (game, move) => {
          if (move.type === 'placeAbbey') placed[legalMoves(game).actor!] += 1;
        },
      );
      t.equal(legalMoves(g.game).phase, 'finished', seed);
      t.ok(
        placed.every((n) => n <= 1),
        `${seed}: abbeys placed per seat ${placed.join(',')}`,
      );
      // A seat without its abbey placed exactly one; under continue nobody may keep one while a hole exists.
      const end = publicView(g.game);
      end.players.forEach((p) => t.equal(p.abbey, placed[p.seat] === 0, `${seed}: seat ${p.seat} abbey flag`));
      if (endgameAbbeys === 'continue' && end.players.some((p) => p.abbey))
        t.same(holes(end), [], `${seed}: no hole left unused`);
    }
  }
});
