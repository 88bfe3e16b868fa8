/**
 * The public view (`src/engine/view.ts`) shows a game as it was when the view was made: playing the
 * game on in place (as the service does) changes no view already made. Its `tilesLeft` is made
 * only when read, once per draw, and is a member like any other: listed, copied and written.
 */
import t from 'tap';
import {
  createGame,
  legalMoves,
  playInPlace,
  publicView,
  publicViewCounts,
  type Game,
} from '../../src/engine/index.js';

function newGame(): Game {
  const created = createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'view-1' });
  if (!created.ok) throw new Error(created.error.reason);
  return created.value.game;
}

/** Plays the first listed move until the next tile is drawn (a whole turn). */
function playTurn(game: Game): void {
  const left = publicView(game).tilesLeftTotal;
  while (publicView(game).tilesLeftTotal === left) {
    const played = playInPlace(game, legalMoves(game).moves[0]);
    if (!played.ok) throw new Error(played.error.reason);
  }
}

t.test("a view's pile counts and lists stay as they were when the game is played on in place", async (t) => {
  const game = newGame();
  playTurn(game);
  const view = publicView(game);
  const drawn = view.drawnTile!;
  const json = JSON.stringify(view);
  const before = view.tilesLeft[drawn] ?? 0;
  playTurn(game);
  playTurn(game);
  const later = publicView(game);
  t.equal(later.tilesLeftTotal, view.tilesLeftTotal - 2, 'two more tiles drawn');
  t.equal(JSON.stringify(view), json, 'the first view, counts included, read after: unchanged');
  t.equal(view.tilesLeft[drawn] ?? 0, before);
  t.equal(
    Object.values(later.tilesLeft).reduce((a, b) => a + b, 0),
    later.tilesLeftTotal,
    'the later view counts the tiles left',
  );
});

t.test("a view's tilesLeft is a member like the others: listed, copied and written", async (t) => {
  const game = newGame();
  const view = publicView(game);
  t.ok(Object.keys(view).includes('tilesLeft'));
  const copy = { ...view };
  t.same(copy.tilesLeft, view.tilesLeft, 'a spread copies its value');
  t.same(JSON.parse(JSON.stringify(view)).tilesLeft, view.tilesLeft);
  t.same(structuredClone(view).tilesLeft, view.tilesLeft);
  t.equal(view.tilesLeft['base/D'], 3, 'the base pile: four D tiles, one of them the start tile');
  const { view: bare, counts } = publicViewCounts(game);
  const { keys, values } = counts;
  t.same(
    Object.fromEntries(keys.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i]]]))),
    view.tilesLeft,
    'publicViewCounts: the counts as two lists',
  );
  const { tilesLeft: _counted, ...rest } = view;
  t.same(bare, rest, 'and the view without tilesLeft');
  t.notOk('tilesLeft' in bare);
  t.same(Object.getOwnPropertySymbols(view), [], 'nothing else: the pile the counts are made of is private');
  t.ok(Object.isFrozen(view.tilesLeft));
});

t.test('the views of one draw share their counts, made once; a draw makes new ones', async (t) => {
  const game = newGame();
  const a = publicView(game);
  const b = publicView(game);
  t.equal(a.tilesLeft, b.tilesLeft, 'one object for both views');
  const counts = publicViewCounts(game).counts;
  t.equal(publicViewCounts(game).counts, counts, 'one pair of lists');
  playTurn(game);
  t.not(publicViewCounts(game).counts.values, counts.values, 'new counts after a draw');
  t.equal(publicViewCounts(game).counts.keys, counts.keys, 'the same keys for the whole game');
  t.not(publicView(game).tilesLeft, a.tilesLeft);
});

t.test('the views share their placed tiles until a tile is placed; a placement makes a new list', async (t) => {
  const game = newGame();
  playTurn(game);
  const a = publicView(game);
  t.equal(publicView(game).tiles, a.tiles, 'one list while no tile was placed');
  t.ok(Object.isFrozen(a.tiles), 'frozen: no reader can change the list the other views share');
  const before = JSON.stringify(a.tiles);
  playTurn(game);
  const b = publicView(game);
  t.not(b.tiles, a.tiles);
  t.equal(b.tiles.length, a.tiles.length + 1, 'the tile placed since');
  t.same(b.tiles.slice(0, a.tiles.length), a.tiles, 'the earlier tiles, the same views');
  t.equal(b.tiles[0], a.tiles[0], 'a tile view is shared, never copied');
  t.ok(Object.isFrozen(b.tiles));
  t.equal(JSON.stringify(a.tiles), before, 'the earlier list unchanged');
});
