import t, { type Test } from 'tap';
import { inspect } from 'node:util';
import {
  createGame,
  legalMoves,
  play,
  publicView,
  type ErrorCode,
  type Game,
  type GameEvent,
  type GameSetup,
  type Move,
} from '../../../src/engine/index.js';
import { figure, meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §2 (a turn), §4 (end of game), §8 (what a client may see).

/** Everything the game object holds, deeply, so any mutation of the input shows up. */
const snapshot = (g: Game) =>
  inspect(g, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity });

/** Plays a move that must be refused with `code`, and checks that nothing changed. */
function refused(t: Test, game: Game, move: Move, code: ErrorCode) {
  const view = JSON.stringify(publicView(game));
  const deep = snapshot(game);
  const r = play(game, move);
  t.equal(r.ok ? 'accepted' : r.error.code, code, `${JSON.stringify(move)} is refused with ${code}`);
  if (!r.ok) t.type(r.error.reason, 'string');
  t.equal(JSON.stringify(publicView(game)), view, 'public view unchanged');
  t.equal(snapshot(game), deep, 'input game object not mutated');
  t.notOk(
    legalMoves(game).moves.some((m) => JSON.stringify(m) === JSON.stringify(move)),
    'and it is not listed',
  );
}

t.test('a tile that fits nowhere is discarded with an event and the same player draws again', async (t) => {
  // E closes the start city, so base/C (all city) has no place; P1 draws C, discards it, draws U.
  const s = scenario({ tiles: ['base/E', 'base/C', 'base/U', 'base/B'] });
  s.play(tile(0, -1, 180), pass);
  const tail = s.last.slice(s.last.findIndex((e) => e.type === 'turnStarted'));
  t.same(tail, [
    { type: 'turnStarted', seat: 1 },
    { type: 'tileDrawn', seat: 1, tile: 'base/C' },
    { type: 'tileDiscarded', seat: 1, tile: 'base/C', reason: 'unplaceable' },
    { type: 'tileDrawn', seat: 1, tile: 'base/U' },
  ]);
  const v = s.view();
  t.equal(v.actor, 1);
  t.equal(v.drawnTile, 'base/U');
  t.same(v.tilesLeft, { 'base/B': 1 });
  t.equal(v.tilesLeftTotal, 1);
  t.notOk(v.tiles.some((x) => x.tile === 'base/C'));
  s.play(tile(1, 0, 90), pass);
  t.equal(s.view().actor, 0, 'turn order is unchanged');
});

t.test('a discarded last tile ends the game', async (t) => {
  const s = scenario({ tiles: ['base/E', 'base/C'] });
  s.play(tile(0, -1, 180), pass);
  t.same(
    s.last.slice(-5).map((e) => e.type),
    ['turnStarted', 'tileDrawn', 'tileDiscarded', 'finalScoringStarted', 'gameEnded'],
  );
  t.equal(s.view().status, 'finished');
});

t.test('the game ends when the pile is empty: final scores, no actor, no moves, GAME_FINISHED', async (t) => {
  //  (0,-1) E r180 [P1]                  city closed in play: 4 for P1
  //  (0,0)  D ── (1,0) U r90 [P0 road]    road open: 2 for P0 at the end
  const s = scenario({ tiles: ['base/U', 'base/E'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0));
  s.play(tile(0, -1, 180), meeple(0, -1, 0));
  const types = s.last.map((e) => e.type);
  t.ok(types.indexOf('finalScoringStarted') > types.indexOf('featureScored'), 'the city scores before final scoring');
  t.same(
    scored(s.last).map((e) => [e.kind, e.final, e.points]),
    [
      ['city', false, [{ seat: 1, points: 4 }]],
      ['road', true, [{ seat: 0, points: 2 }]],
    ],
  );
  const end = s.last.at(-1)!;
  t.same(end, { type: 'gameEnded', scores: [2, 4] });
  const v = s.view();
  t.same(v.scores, [2, 4]);
  t.same(
    v.players.map((p) => p.score),
    [2, 4],
  );
  t.match(v, {
    status: 'finished',
    phase: 'finished',
    actor: null,
    activeSeat: null,
    drawnTile: null,
    tilesLeftTotal: 0,
  });
  t.same(legalMoves(s.game), { actor: null, phase: 'finished', moves: [] });
  refused(t, s.game, tile(2, 0, 90), 'GAME_FINISHED');
  refused(t, s.game, pass, 'GAME_FINISHED');
});

// 14 turns put all 7 of P0's meeples on open features (6 monks and one road); P1 only passes.
//  (-2,1) A [P0]  (-1,1) B [P0]  (0,1) B [P0]  (1,1) B [P0]  (2,1) B [P0]  (3,1) A [P0]  (4,1) U
//  (-2,2) V r90   (-1,2) E r180  (0,2) E r180  (1,2) E r180  (2,2) E r180  (3,2) V r180
//  (-4,2) U r90 (15th) ── (-3,2) U r90 [P0 road]: the road A(-2,1)-V-U is open to the west
const SEVEN = [
  'base/B',
  'base/E',
  'base/B',
  'base/E',
  'base/B',
  'base/E',
  'base/B',
  'base/E',
  'base/A',
  'base/V',
  'base/A',
  'base/V',
  'base/U',
  'base/U',
  'base/U',
  'base/U',
];
function sevenMeeples(expansions: GameSetup['expansions'] = []) {
  const s = scenario({ tiles: SEVEN, expansions });
  s.play(tile(0, 1, 0), meeple(0, 1, 0), tile(0, 2, 180), pass);
  s.play(tile(1, 1, 0), meeple(1, 1, 0), tile(1, 2, 180), pass);
  s.play(tile(-1, 1, 0), meeple(-1, 1, 0), tile(-1, 2, 180), pass);
  s.play(tile(2, 1, 0), meeple(2, 1, 0), tile(2, 2, 180), pass);
  s.play(tile(-2, 1, 0), meeple(-2, 1, 0), tile(-2, 2, 90), pass);
  s.play(tile(3, 1, 0), meeple(3, 1, 0), tile(3, 2, 180), pass);
  s.play(tile(-3, 2, 90), meeple(-3, 2, 0), tile(4, 1, 0), pass);
  return s;
}

t.test('with no figure left the figure step is skipped (no pass needed)', async (t) => {
  const s = sevenMeeples();
  t.same(
    s.view().players.map((p) => p.supply),
    [{ meeple: 0 }, { meeple: 7 }],
  );
  t.same(scored(s.events), [], 'nothing was completed on the way');
  s.play(tile(-4, 2, 90));
  t.same(s.last.slice(0, 2), [
    { type: 'tilePlaced', seat: 0, tile: 'base/U', x: -4, y: 2, rotation: 90 },
    { type: 'figureSkipped', seat: 0, reason: 'no-legal-placement' },
  ]);
  const lm = legalMoves(s.game);
  t.equal(lm.actor, 1);
  t.equal(lm.phase, 'placeTile');
  refused(t, s.game, pass, 'MOVE_NOT_ALLOWED_NOW');
});

t.test('a meeple with none left in supply is refused with NO_FIGURE_IN_SUPPLY (Traders & Builders)', async (t) => {
  // Same board with T&B: the new tile extends P0's road, so P0's builder may go there and the
  // figure step happens; P0 has no meeple for the field or the road.
  const s = sevenMeeples(['traders-builders']);
  s.play(tile(-4, 2, 90));
  t.same(legalMoves(s.game).moves, [figure('builder', -4, 2, 0), { type: 'undo' }, pass]);
  refused(t, s.game, meeple(-4, 2, 1), 'NO_FIGURE_IN_SUPPLY');
});

t.test('refused moves name their reason and leave the game unchanged', async (t) => {
  const s = scenario({ tiles: ['base/U', 'base/U', 'base/U'] });
  // Phase placeTile, drawn base/U (road N-S).
  refused(t, s.game, tile(5, 5, 0), 'NOT_ADJACENT');
  refused(t, s.game, tile(0, 0, 90), 'POSITION_OCCUPIED');
  refused(t, s.game, tile(0, -1, 0), 'EDGES_DO_NOT_MATCH'); // U's road S against D's city
  refused(t, s.game, tile(1, 0, 0), 'EDGES_DO_NOT_MATCH'); // U's field W against D's road
  refused(t, s.game, pass, 'MOVE_NOT_ALLOWED_NOW');
  refused(t, s.game, meeple(1, 0, 0), 'MOVE_NOT_ALLOWED_NOW');
  refused(t, s.game, { type: 'draw' }, 'MOVE_NOT_ALLOWED_NOW');
  s.play(tile(1, 0, 90));
  // Phase placeFigure on the new tile (1,0).
  refused(t, s.game, tile(2, 0, 90), 'MOVE_NOT_ALLOWED_NOW');
  refused(t, s.game, meeple(0, 0, 1), 'NOT_ON_NEW_TILE');
  refused(t, s.game, meeple(1, 0, 3), 'NO_SUCH_FEATURE');
  refused(t, s.game, meeple(1, 0, -1), 'NO_SUCH_FEATURE');
  refused(t, s.game, figure('mayor', 1, 0, 0), 'EXPANSION_NOT_ENABLED');
  refused(t, s.game, figure('builder', 1, 0, 0), 'EXPANSION_NOT_ENABLED');
  refused(t, s.game, { type: 'placeBarn', x: 1, y: 0, corner: 'NE' }, 'EXPANSION_NOT_ENABLED');
  s.play(meeple(1, 0, 0));
  t.same(
    s.view().figures,
    [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 0 }],
    'the legal move still works after the refusals',
  );
});

/** Plays a whole game choosing moves with a fixed LCG; returns the tiles drawn, in order. */
function drawsOf(setup: GameSetup): string[] {
  const c = createGame(setup);
  if (!c.ok) throw new Error(c.error.reason);
  let game = c.value.game;
  const events: GameEvent[] = [...c.value.events];
  let x = 12345;
  while (legalMoves(game).actor !== null) {
    const moves = legalMoves(game).moves;
    x = (x * 1103515245 + 12345) % 2147483648;
    const r = play(game, moves[x % moves.length]);
    if (!r.ok) throw new Error(r.error.reason);
    game = r.value.game;
    events.push(...r.value.events);
  }
  return events.flatMap((e) => (e.type === 'tileDrawn' ? [e.tile] : []));
}

t.test('the same seed and options give the same pile; another seed another one', async (t) => {
  const players = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
  const a = drawsOf({ players, seed: 'alpha' });
  const b = drawsOf({ players, seed: 'alpha' });
  const c = drawsOf({ players, seed: 'beta' });
  t.equal(a.length, 71, 'every one of the 71 pile tiles is drawn once');
  t.same(a, b);
  t.not(JSON.stringify(a), JSON.stringify(c));
  t.same([...a].sort(), [...c].sort(), 'the same tiles, in another order');
});

t.test('the public view holds neither the seed nor the pile order', async (t) => {
  const players = [{ name: 'A' }, { name: 'B' }];
  const g = createGame({ players, seed: 'sEcReT-SeEd-42' });
  if (!g.ok) throw new Error(g.error.reason);
  const v = publicView(g.value.game);
  const json = JSON.stringify(v);
  t.notOk(json.includes('sEcReT'), 'no seed');
  t.notOk('seed' in v);
  t.equal(v.tilesLeftTotal, 70, '71 in the pile, one drawn');
  t.equal(
    Object.values(v.tilesLeft).reduce((a, n) => a + n, 0),
    70,
  );
  t.same(Object.keys(v.tilesLeft), Object.keys(v.tilesLeft).sort(), 'counts by tile id, in id order');
  // Two piles that differ only in the order after the first draw look exactly the same.
  const one = createGame({ players, tileOrder: ['base/E', 'base/U', 'base/B', 'base/V'] });
  const two = createGame({ players, tileOrder: ['base/E', 'base/V', 'base/B', 'base/U'] });
  if (!one.ok || !two.ok) throw new Error('setup');
  t.equal(JSON.stringify(publicView(one.value.game)), JSON.stringify(publicView(two.value.game)));
});
