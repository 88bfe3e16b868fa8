/**
 * The game log's lines (web/game-log.ts) as a player reads them, over real random games with
 * both expansions, without a browser: worded from the log's own tiles, a line read live (before
 * the state that shows its tile has come) reads as the same line after a reload, names every
 * figure by role and feature, and keeps its grammar ("an abbey", "a tile with two city caps").
 */
import t from 'tap';
import {
  createGame,
  legalMoves,
  playInPlace,
  publicView,
  tileCatalog,
  type GameEvent,
} from '../../src/engine/index.js';
import { createRenderer } from '../../src/render/index.js';
import { seededRandom } from '../../src/engine/rng.js';
import { LogLexicon } from '../../web/log-lexicon.js';
import { eventText, withArticle, tileWords, type Lexicon } from '../../web/words.js';
import { randomSetup } from '../helpers/random-play.js';

const catalog = tileCatalog();
const renderer = createRenderer(catalog);
const name = (seat: number) => `P${seat}`;

/** A random game's log, and its public view at the end (what a reload shows). */
function randomLog(seed: string) {
  const created = createGame(randomSetup(seed, 3, ['traders-builders', 'abbey-mayor', 'inns-cathedrals']));
  if (!created.ok) throw new Error(created.error.reason);
  const { game, events: first } = created.value;
  const rnd = seededRandom(`${seed}/choices`);
  const log: GameEvent[] = [...first];
  for (;;) {
    const lm = legalMoves(game);
    if (lm.actor === null) break;
    const r = playInPlace(game, lm.moves[Math.floor(rnd() * lm.moves.length)]);
    if (!r.ok) throw new Error(r.error.reason);
    log.push(...r.value);
  }
  return { log, end: publicView(game) };
}

t.test('the live log and the reloaded log say the same thing, by role and feature', async (t) => {
  for (const seed of ['words-1', 'words-2', 'words-3']) {
    const { log, end } = randomLog(seed);
    const reloaded: Lexicon = {
      catalog,
      renderer,
      placed: (x, y) => end.tiles.find((p) => p.x === x && p.y === y),
    };
    const live = new LogLexicon(catalog, renderer);
    let figures = 0;
    for (const e of log) {
      live.see(e);
      const line = eventText(e, name, live.lexicon);
      t.equal(line, eventText(e, name, reloaded), `${seed}: ${e.type} reads the same live and reloaded`);
      if (line === undefined) continue;
      if (e.type === 'figurePlaced') figures++;
      t.notMatch(line, /\bfeature\b|\bmeeple in\b/, `${seed}: "${line}" names the figure's role and feature`);
      t.notMatch(line, /\ba [aeiou]|\ban [^aeiou]|\ba (two|three|four)\b/, `${seed}: "${line}" has its article right`);
    }
    t.ok(figures > 20, `${seed}: ${figures} figures were placed and told`);
  }
});

t.test('a tile with its article', async (t) => {
  t.equal(withArticle(tileWords(catalog, 'base/B')), 'a monastery');
  t.equal(withArticle('abbey'), 'an abbey');
  t.equal(withArticle('two city caps'), 'a tile with two city caps');
  t.equal(withArticle(tileWords(catalog, 'base/C')), 'a whole city with pennant');
});
