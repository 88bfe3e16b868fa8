/**
 * determinize(game, seed): the hidden remaining pile is reshuffled, nothing public changes, the
 * input game is untouched, and the result depends only on what players can see.
 */
import t from 'tap';
import {
  createGame,
  determinize,
  legalMoves,
  play,
  playInPlace,
  publicView,
  type Game,
  type GameSetup,
} from '../../src/engine/index.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';

/** The tiles a copy of the game draws until its end, each seat always playing its first legal move. */
function drawsUntilEnd(game: Game): string[] {
  const first = legalMoves(game).moves[0];
  const r = play(game, first);
  if (!r.ok) throw new Error(r.error.reason);
  const g = r.value.game;
  const drawn: string[] = [];
  let events = r.value.events;
  for (;;) {
    for (const e of events) if (e.type === 'tileDrawn' || e.type === 'tileDiscarded') drawn.push(e.tile);
    const lm = legalMoves(g);
    if (lm.actor === null) return drawn;
    const next = playInPlace(g, lm.moves[0]);
    if (!next.ok) throw new Error(next.error.reason);
    events = next.value;
  }
}

/** A game part-way through: the first `n` moves of a random game. */
function midGame(setup: GameSetup, n: number): Game {
  const { moves } = playRandom(setup, 'mid');
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  for (const m of moves.slice(0, n)) playInPlace(created.value.game, m);
  return created.value.game;
}

const both: GameSetup['expansions'] = ['traders-builders', 'abbey-mayor'];

t.test('a determinized game shows the same public state and tiles left', async (t) => {
  const game = midGame(randomSetup('det-1', 2, both), 40);
  const d = determinize(game, 'x');
  t.same(publicView(d), publicView(game));
  // The same moves, except that a determinized copy offers no undo (its moves would replay over
  // the game's true pile): midGame stops in a figure step, where the game lists one before the pass.
  const moves = legalMoves(game);
  t.equal(moves.phase, 'placeFigure');
  t.same(moves.moves.at(-2), { type: 'undo' });
  t.same(legalMoves(d), { ...moves, moves: moves.moves.filter((m) => m.type !== 'undo') });
});

t.test('different seeds draw the remaining tiles in different orders, from the same tiles', async (t) => {
  const game = midGame(randomSetup('det-2', 2, both), 30);
  const sequences = ['a', 'b', 'c', 'd'].map((seed) => drawsUntilEnd(determinize(game, seed)));
  t.equal(new Set(sequences.map((s) => s.join())).size, sequences.length, 'four seeds, four orders');
  const sorted = (s: string[]) => [...s].sort().join();
  const truth = drawsUntilEnd(game);
  for (const s of sequences) t.equal(sorted(s), sorted(truth), 'the same multiset of tiles');
  t.same(drawsUntilEnd(determinize(game, 'a')), sequences[0], 'the same seed, the same order');
});

t.test('determinize leaves its input untouched', async (t) => {
  const game = midGame(randomSetup('det-3', 3, both), 25);
  const json = JSON.stringify(publicView(game));
  const before = drawsUntilEnd(game);
  const d = determinize(game, 'y');
  playInPlace(d, legalMoves(d).moves[0]);
  t.equal(JSON.stringify(publicView(game)), json);
  t.same(drawsUntilEnd(game), before, 'the true pile order is unchanged');
});

t.test('two games that agree publicly give the same determinization, whatever their true order', async (t) => {
  const placed = ['base/U', 'base/E', 'base/V'];
  const rest = ['base/A', 'base/B', 'base/C', 'base/K', 'base/K', 'base/L'];
  const games = [rest, [...rest].reverse()].map((tail) => {
    const created = createGame({ players: [{ name: 'A' }, { name: 'B' }], tileOrder: [...placed, ...tail] });
    if (!created.ok) throw new Error(created.error.reason);
    const g = created.value.game;
    // Place the first two tiles (each the first legal placement, no figure).
    for (let i = 0; i < 4; i++) playInPlace(g, legalMoves(g).moves[i % 2 === 0 ? 0 : legalMoves(g).moves.length - 1]);
    return g;
  });
  t.equal(JSON.stringify(publicView(games[0])), JSON.stringify(publicView(games[1])), 'the same public state');
  t.not(drawsUntilEnd(games[0]).join(), drawsUntilEnd(games[1]).join(), 'different true orders');
  t.same(drawsUntilEnd(determinize(games[0], 's')), drawsUntilEnd(determinize(games[1], 's')));
});

t.test('a determinization cut to n tiles left ends after drawing them, its view counting them', async (t) => {
  const game = midGame(randomSetup('det-5', 2, both), 30);
  const cut = determinize(game, 'c', 5);
  const v = publicView(cut);
  t.equal(v.tilesLeftTotal, 5);
  t.equal(
    Object.values(v.tilesLeft).reduce((a, b) => a + b, 0),
    5,
  );
  t.equal(drawsUntilEnd(cut).length, 5);
  t.equal(
    publicView(determinize(game, 'c', 1000)).tilesLeftTotal,
    publicView(game).tilesLeftTotal,
    'a longer cut keeps every tile',
  );
  t.equal(
    JSON.stringify(publicView(game)),
    JSON.stringify(publicView(midGame(randomSetup('det-5', 2, both), 30))),
    'the input is untouched',
  );
});
