/**
 * The game log's lines (web/game-log.ts) as a player reads them, over real random games with
 * both expansions, without a browser: worded from the log's own tiles, a line read live (before
 * the state that shows its tile has come) reads as the same line after a reload, names every
 * figure by role and feature, and keeps its grammar ("an abbey", "a tile with two city caps").
 */
import t from 'tap';
import {
  createGame,
  DEFAULT_REGISTRY,
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

/**
 * Every event type the engine and its expansions (Inns & Cathedrals among them) can log, worded
 * exactly: a sentence in the words of docs/rules.md, or no line for the bookkeeping ones. An
 * event type added without a line here fails the first test below.
 */
const placed: Record<string, { tile: string; rotation: 0 }> = {
  '1,0': { tile: 'base/D', rotation: 0 },
  '2,0': { tile: 'inns-cathedrals/B', rotation: 0 },
  '3,0': { tile: 'inns-cathedrals/K', rotation: 0 },
};
const fixed: Lexicon = { catalog, renderer, placed: (x, y) => placed[`${x},${y}`] };
const P = (seat: number, points: number) => ({ seat, points });
const tiles = (n: number) => Array.from({ length: n }, (_, x) => ({ x, y: 0 }));
const scoring = (
  kind: string,
  reason: string,
  n: number,
  points: { seat: number; points: number }[],
  final = false,
) => ({
  type: 'featureScored',
  kind,
  reason,
  tiles: tiles(n),
  points,
  returned: [],
  final,
});
const SENTENCES: [Record<string, unknown>, string | undefined][] = [
  [{ type: 'turnStarted', seat: 0 }, undefined],
  [{ type: 'tileDrawn', seat: 0, tile: 'base/D' }, undefined],
  [{ type: 'figureSkipped', seat: 0, reason: 'passed' }, undefined],
  [{ type: 'abbeySkipped', seat: 0, reason: 'passed' }, undefined],
  [
    { type: 'tileDiscarded', seat: 0, tile: 'base/D', reason: 'unplaceable' },
    'A city cap with straight road could not be placed and was discarded',
  ],
  [
    { type: 'tilePlaced', seat: 0, tile: 'base/D', x: 1, y: 0, rotation: 0 },
    'P0 placed a city cap with straight road at (1, 0)',
  ],
  [
    { type: 'tilePlaced', seat: 1, tile: 'inns-cathedrals/L', x: 5, y: 0, rotation: 0 },
    'P1 placed a city corner with road curve, pennant and inn at (5, 0)',
  ],
  [
    { type: 'tilePlaced', seat: 1, tile: 'inns-cathedrals/H', x: 5, y: 0, rotation: 0 },
    'P1 placed a tile with four city caps at (5, 0)',
  ],
  [
    { type: 'placementUndone', seat: 0, tile: 'base/D', x: 1, y: 0 },
    'P0 took back a city cap with straight road from (1, 0)',
  ],
  [
    { type: 'figurePlaced', seat: 0, figure: { kind: 'meeple', owner: 0, x: 1, y: 0, feature: 0 } },
    'P0 placed a knight in the north city of (1, 0)',
  ],
  [
    { type: 'figurePlaced', seat: 1, figure: { kind: 'largeMeeple', owner: 1, x: 2, y: 0, feature: 0 } },
    'P1 placed a large thief on the east-west road of (2, 0)',
  ],
  [
    { type: 'figurePlaced', seat: 1, figure: { kind: 'mayor', owner: 1, x: 3, y: 0, feature: 0 } },
    'P1 placed a mayor in the middle city of (3, 0)',
  ],
  [
    { type: 'figurePlaced', seat: 0, figure: { kind: 'barn', owner: 0, x: 1, y: 0, corner: 'SE' } },
    'P0 placed a barn on the south-east corner of (1, 0)',
  ],
  [scoring('city', 'city', 4, [P(0, 8)]), 'The city of 4 tiles was completed: P0 +8'],
  [scoring('city', 'city', 3, []), 'The city of 3 tiles was completed: nobody scored'],
  [scoring('monastery', 'monastery', 9, [P(1, 9)]), 'The monastery was completed: P1 +9'],
  [scoring('abbey', 'abbey', 9, [P(1, 9)]), 'The abbey was completed: P1 +9'],
  [scoring('road', 'road', 1, [P(0, 1)], true), 'Final scoring, the unfinished road of 1 tile: P0 +1'],
  [scoring('field', 'field', 12, [P(0, 9), P(1, 9)], true), 'Final scoring, the field of 12 tiles: P0 +9, P1 +9'],
  [scoring('field', 'barn', 12, [P(0, 12)]), 'The field of 12 tiles scored for a barn: P0 +12'],
  [scoring('field', 'barn-join', 7, [P(1, 7)]), 'The field of 7 tiles scored for a barn it joined: P1 +7'],
  [scoring('field', 'barn', 12, [P(0, 8)], true), 'Final scoring, the field of 12 tiles for a barn: P0 +8'],
  [{ type: 'bonusPartStarted', seat: 0 }, "P0 began the builder's extra part"],
  [{ type: 'goodsAwarded', seat: 1, goods: { wine: 1, wheat: 0, cloth: 2 } }, 'P1 gained 1 wine and 2 cloth'],
  [{ type: 'goodsScored', good: 'wheat', points: [P(0, 10), P(1, 10)] }, 'Most wheat: P0 +10, P1 +10'],
  [{ type: 'goodsScored', good: 'cloth', points: [] }, undefined],
  [{ type: 'abbeyPlaced', seat: 1, x: 2, y: 1 }, 'P1 placed an abbey at (2, 1)'],
  [
    { type: 'wagonMoved', seat: 0, from: { x: 1, y: 0 }, to: { kind: 'wagon', owner: 0, x: 2, y: 0, feature: 0 } },
    'P0 moved a wagon from (1, 0) to (2, 0)',
  ],
  [
    { type: 'wagonReturned', seat: 0, from: { x: 1, y: 0 }, reason: 'chosen' },
    "P0's wagon at (1, 0) went back to the supply",
  ],
  [{ type: 'finalScoringStarted' }, 'The tiles are gone: final scoring'],
  [{ type: 'gameEnded', scores: [12, 8] }, 'Game over: P0 12, P1 8'],
];

t.test('every event type has its line (or none) in the table below', async (t) => {
  const types = DEFAULT_REGISTRY.schemas.events.map((s) => String((s.properties.type as { const: string }).const));
  const worded = new Set(SENTENCES.map(([e]) => e.type));
  for (const type of types) t.ok(worded.has(type), `${type}: an example of its line`);
});

t.test("each event's line, exactly, with both expansions and Inns & Cathedrals", async (t) => {
  for (const [e, line] of SENTENCES) {
    const said = eventText(e as unknown as GameEvent, name, fixed);
    t.equal(said, line, `${String(e.type)}: ${line ?? 'no line'}`);
    if (said === undefined) continue;
    t.match(said, /^[A-Z]/, 'it begins with a capital (or a name)');
    t.notMatch(said, /\b(a [aeiou]|an [^aeiou\s]|a (two|three|four))\b|\s{2}|\bundefined\b|\bfeature\b/, 'its grammar');
  }
});
