import t from 'tap';
import { legalMoves, play, publicView, replay, type GameEvent, type Move } from '../../../src/engine/index.js';
import { abbey, figure, meeple, pass, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §2.2: undo within a turn. Start tile base/D at (0,0): city N, road W-E; y grows
// to the south.

const undo: Move = { type: 'undo' };
const code = (r: ReturnType<typeof play>) => (r.ok ? 'accepted' : r.error.code);
const types = (events: GameEvent[]) => events.map((e) => e.type);
const json = (v: unknown) => JSON.stringify(v);

t.test('undo takes back the tile just placed: the same tile in hand, the same board and the same moves', async (t) => {
  // P0 holds base/U (a straight road) and places it at (1,0) continuing the start road.
  const s = scenario({ tiles: ['base/U', 'base/B'] });
  const before = s.view();
  const movesBefore = legalMoves(s.game);
  s.play(tile(1, 0, 90));
  t.same(legalMoves(s.game).moves.slice(-2), [undo, pass], 'the figure step lists the undo before the pass');
  s.play(undo);
  t.same(s.last, [{ type: 'placementUndone', seat: 0, tile: 'base/U', x: 1, y: 0 }]);
  t.same(s.view(), before, 'the view is the one before the placement: base/U in hand, one tile on the board');
  t.same(legalMoves(s.game), movesBefore, 'the same placements are open');
  // Placed elsewhere, the tile shows only where it now stands.
  s.play(tile(-1, 0, 90), meeple(-1, 0, 0));
  t.same(
    s.view().tiles.map((p) => [p.tile, p.x, p.y]),
    [
      ['base/D', 0, 0],
      ['base/U', -1, 0],
    ],
  );
  t.same(s.view().figures, [{ owner: 0, kind: 'meeple', x: -1, y: 0, feature: 0 }]);
  t.equal(s.view().activeSeat, 1);
});

t.test('undo is offered only in the figure step: not with a tile in hand', async (t) => {
  const s = scenario({ tiles: ['base/U', 'base/B'] });
  t.notOk(
    legalMoves(s.game).moves.some((m) => m.type === 'undo'),
    'not listed with the tile in hand',
  );
  t.equal(code(play(s.game, undo)), 'MOVE_NOT_ALLOWED_NOW');
});

t.test("no undo after the figure step: the scoring and the next seat's draw have happened", async (t) => {
  // P0 closes the start city with base/E at (0,-1) r180 and a knight: the city scores 4 at once.
  const s = scenario({ tiles: ['base/E', 'base/U', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0));
  t.same(
    s.last.filter((e) => e.type === 'featureScored').map((e) => e.type === 'featureScored' && e.points),
    [[{ seat: 0, points: 4 }]],
  );
  t.equal(s.view().phase, 'placeTile', "seat 1 holds its drawn tile: there is nothing of seat 0's to take back");
  t.equal(code(play(s.game, undo)), 'MOVE_NOT_ALLOWED_NOW');
  // Seat 1's own tile may be taken back, never seat 0's: the scored city stays.
  s.play(tile(1, 0, 90), undo);
  t.same(s.view().scores, [4, 0]);
  t.same(
    s.view().tiles.map((p) => p.tile),
    ['base/D', 'base/E'],
  );
  t.equal(s.view().drawnTile, 'base/U');
});

t.test('after a discard, undo takes back only the placed tile: the discarded tile stays discarded', async (t) => {
  // E closes the start city, so base/C (all city) fits nowhere: P1 draws it, discards it, draws U.
  const s = scenario({ tiles: ['base/E', 'base/C', 'base/U', 'base/B'] });
  s.play(tile(0, -1, 180), pass);
  t.same(types(s.last).slice(-3), ['tileDrawn', 'tileDiscarded', 'tileDrawn']);
  const before = s.view();
  s.play(tile(1, 0, 90), undo);
  t.same(s.last, [{ type: 'placementUndone', seat: 1, tile: 'base/U', x: 1, y: 0 }]);
  t.same(s.view(), before, 'base/U in hand again; base/C is not back in the pile');
  t.same(s.view().tilesLeft, { 'base/B': 1 });
  t.notOk(
    s.events.slice(-1).some((e) => e.type === 'tileDrawn'),
    'nothing is drawn again',
  );
});

/**
 *   (0,-1) T&B/T r180 (wine, city S+E), P0 knight | (1,-1) T&B/Q r0 (wine, city W-E), P0 builder;
 *   fillers base/B at (0,1) and (1,1). P0 holds base/E, which at (2,-1) r270 closes the city.
 */
function builderCity() {
  const s = scenario({
    expansions: ['traders-builders'],
    tiles: ['traders-builders/T', 'base/B', 'traders-builders/Q', 'base/B', 'base/E', 'base/B', 'base/B'],
  });
  s.play(tile(0, -1, 180), meeple(0, -1, 0), tile(0, 1), pass, tile(1, -1, 0), figure('builder', 1, -1, 0));
  return s.play(tile(1, 1), pass);
}

t.test('undo in the builder bonus part takes back only that part’s tile', async (t) => {
  // base/E closes the builder's city: a second part for P0, who draws base/B.
  const s = builderCity().play(tile(2, -1, 270), pass);
  t.same(types(s.last).slice(-2), ['bonusPartStarted', 'tileDrawn']);
  const bonus = s.view();
  t.equal(bonus.bonusPart, true);
  s.play(tile(-1, 1, 0));
  s.play(undo);
  t.same(s.view(), bonus, "back to the bonus part's tile in hand; the first part's city and goods stay scored");
  t.equal(s.view().scores[0], 8);
});

t.test('undo of a tile that earned the builder bonus takes the bonus back with it', async (t) => {
  // base/E at (2,-1) would extend the builder's city; taken back and put south of the road
  // instead, it touches no feature of the builder, and seat 1 plays next.
  const s = builderCity().play(tile(2, -1, 270), undo);
  const elsewhere = legalMoves(s.game).moves.find((m) => m.type === 'placeTile' && m.y >= 1);
  if (elsewhere === undefined) throw new Error('base/E has a place south of the road');
  s.play(elsewhere, pass);
  t.notOk(types(s.last).includes('bonusPartStarted'), 'no second part');
  t.equal(s.view().activeSeat, 1);
  t.equal(s.view().bonusPart, false);
});

/** A hole at (0,-1) (see abbey.test.ts): P0 holds an abbey and may fill it instead of drawing. */
function ringBoard() {
  const s = scenario({
    expansions: ['abbey-mayor'],
    tiles: ['base/V', 'base/W', 'base/V', 'base/N', 'base/M', 'base/N', 'base/U'],
  });
  s.play(tile(-1, 0, 180), meeple(-1, 0, 0));
  s.play(tile(1, 0, 0), pass);
  s.play(tile(-1, -1, 270), pass);
  s.play(tile(1, -1, 270), meeple(1, -1, 0));
  s.play(tile(1, -2, 180), pass);
  s.play(tile(0, -2, 90), pass);
  return s;
}

t.test('undo of an abbey puts it back in hand and returns to the choice of drawing or the abbey', async (t) => {
  const s = ringBoard();
  const before = s.view();
  const choice = legalMoves(s.game);
  t.equal(choice.phase, 'drawOrAbbey');
  s.play(abbey(0, -1));
  t.equal(s.view().players[0].abbey, false);
  s.play(undo);
  t.same(s.last, [{ type: 'placementUndone', seat: 0, tile: 'abbey-mayor/A', x: 0, y: -1 }]);
  t.same(s.view(), before, 'the abbey in hand, the hole empty, nothing drawn');
  t.same(legalMoves(s.game), choice);
  // Drawing instead: the pile's next tile, as if the abbey had never been placed.
  s.play({ type: 'draw' });
  t.equal(s.view().drawnTile, 'base/U');
});

t.test('undo in the end-game abbey round gives the same seat the same choice again', async (t) => {
  // Three players; the last land tile (seat 0) makes the hole (1,1) (see endgame.test.ts).
  const s = scenario({
    players: 3,
    expansions: ['abbey-mayor'],
    rules: { endgameAbbeys: 'final-round' },
    tiles: ['base/B', 'base/V', 'base/W', 'base/B', 'base/B', 'base/B', 'abbey-mayor/H'],
  });
  s.play(tile(0, 1, 0), pass);
  s.play(tile(1, 0, 0), meeple(1, 0, 0));
  s.play(tile(-1, 0, 0), pass, tile(0, 2, 0), pass, tile(1, 2, 0), pass, tile(2, 0, 0), pass);
  s.play(tile(2, 1, 0), pass);
  const round = legalMoves(s.game);
  t.same(round, { actor: 1, phase: 'endgameAbbey', moves: [abbey(1, 1), pass] });
  const before = s.view();
  s.play(abbey(1, 1), undo);
  t.same(s.view(), before);
  t.same(legalMoves(s.game), round);
  s.play(pass);
  t.equal(legalMoves(s.game).actor, 2, 'the round goes on from the next seat');
});

t.test('a log with undos replays to the same game, and its events are the live ones', async (t) => {
  const setup = {
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['traders-builders', 'abbey-mayor'] as const,
    seed: 'undo-replay',
  };
  const log: Move[] = [];
  const live: GameEvent[][] = [];
  const first = replay({ ...setup, expansions: [...setup.expansions] }, []);
  if (!first.ok) throw new Error(first.error.reason);
  let game = first.value.game;
  let undos = 0;
  // The first listed move throughout, and an undo at every other figure step.
  for (let step = 0; legalMoves(game).actor !== null; step++) {
    const moves = legalMoves(game).moves;
    const move = moves.at(-2)?.type === 'undo' && log.at(-2)?.type !== 'undo' && step % 2 ? moves.at(-2)! : moves[0];
    if (move.type === 'undo') undos++;
    const r = play(game, move);
    if (!r.ok) throw new Error(r.error.reason);
    game = r.value.game;
    log.push(move);
    live.push(r.value.events);
  }
  t.ok(undos > 10, `${undos} undos in the game`);
  const again = replay({ ...setup, expansions: [...setup.expansions] }, log);
  if (!again.ok) throw new Error(again.error.reason);
  t.equal(json(publicView(again.value.game)), json(publicView(game)));
  t.equal(json(again.value.events), json(live));
});
