/**
 * play() copies the game before it moves (src/engine/game.ts): the copy takes the original's tables,
 * the occupancy (who stands on which feature) included, and the two never share one afterwards.
 * Checked at every step of whole games with both expansions: each listed move played on a copy
 * leaves the original's listing and view as they were, and the copy lists what a game rebuilt
 * from the log lists (its copied occupancy is the one the log builds).
 */
import t from 'tap';
import { determinize, legalMoves, play, publicView, replay, type Game, type Move } from '../../src/engine/index.js';
import { chooser, playRandom, randomSetup } from '../helpers/random-play.js';

const snapshot = (g: Game) => JSON.stringify([legalMoves(g), publicView(g)]);

t.test('a copy made by play() shares no table with its original, and lists what a replay of its log lists', (t) => {
  for (const seed of ['copies-1', 'copies-2', 'copies-3']) {
    const setup = randomSetup(seed, 3, ['traders-builders', 'abbey-mayor']);
    const pick = chooser(`${seed}-probes`);
    const log: Move[] = [];
    let figureMovesOnCopies = 0;
    playRandom(setup, seed, (g, move) => {
      const before = snapshot(g);
      const listed = legalMoves(g).moves;
      // A few listed moves (figures first: they write to the occupancy), each on a copy.
      const isFigureMove = (m: Move) => m.type !== 'placeTile' && m.type !== 'pass';
      for (const m of [...listed.filter(isFigureMove).slice(0, 2), listed[pick(listed.length)]]) {
        const played = play(g, m);
        if (!played.ok) return void t.fail(`${seed}: listed move refused: ${JSON.stringify(m)}`);
        if (isFigureMove(m)) figureMovesOnCopies++;
        if (snapshot(g) !== before) t.fail(`${seed}, move ${log.length}: playing on a copy changed the original`);
        const rebuilt = replay(setup, [...log, m]);
        if (!rebuilt.ok || snapshot(rebuilt.value.game) !== snapshot(played.value.game))
          t.fail(`${seed}, move ${log.length}: the copy lists otherwise than the replay of its log`);
      }
      log.push(move);
    });
    t.ok(figureMovesOnCopies > 20, `${seed}: ${figureMovesOnCopies} figure moves played on copies`);
  }
  t.end();
});

t.test('a copy has every member of its original, in the same order (State.clone lists them one by one)', (t) => {
  const created = replay(randomSetup('copies-members', 2, ['traders-builders', 'abbey-mayor']), []);
  if (!created.ok) throw new Error(created.error.reason);
  const g = created.value.game;
  const members = Object.keys(g);
  const copy = play(g, legalMoves(g).moves[0]);
  if (!copy.ok) throw new Error(copy.error.reason);
  t.same(Object.keys(copy.value.game), members, 'a copy made by play()');
  t.same(Object.keys(determinize(g, 'x')), members, 'a determinized copy');
  t.end();
});
