/**
 * The bots: only legal moves, deterministic from their seed, greedy takes an obvious
 * completion, and mcts never depends on the hidden pile order. Iteration budgets, never time
 * budgets, so the results do not depend on the machine's load.
 */
import t from 'tap';
import { BOTS, chooseMove, playMatch, type Seat } from '../../src/bots/index.js';
import { moveKey } from '../../src/bots/moves.js';
import {
  createGame,
  determinize,
  legalMoves,
  playInPlace,
  publicView,
  type Game,
  type GameSetup,
} from '../../src/engine/index.js';
import { meeple, pass, scenario, tile } from '../helpers/scenario.js';

const both: GameSetup['expansions'] = ['traders-builders', 'abbey-mayor'];
const setup = (seed: string, players: number): GameSetup => ({
  players: Array.from({ length: players }, (_, i) => ({ name: `P${i}` })),
  expansions: both,
  seed,
});

/** A game part-way through, played by greedy bots (a realistic position). */
function midGame(seed: string, moves: number): Game {
  const created = createGame(setup(seed, 2));
  if (!created.ok) throw new Error(created.error.reason);
  const g = created.value.game;
  for (let i = 0; i < moves; i++) {
    const lm = legalMoves(g);
    playInPlace(g, chooseMove('greedy', g, lm.actor!, { seed: `${seed}${i}` }).move);
  }
  return g;
}

t.test('every bot only ever chooses a listed legal move, in full games with both expansions', async (t) => {
  const seats: Seat[] = [
    { bot: BOTS.random, options: { seed: 'r' } },
    { bot: BOTS.greedy, options: { seed: 'g' } },
    { bot: BOTS.mcts, options: { seed: 'm', iterations: 12 } },
  ];
  let checked = 0;
  const result = playMatch(setup('legal', 3), seats, (game, _seat, move) => {
    if (!legalMoves(game).moves.some((m) => moveKey(m) === moveKey(move)))
      t.fail(`unlisted move ${JSON.stringify(move)}`);
    checked++;
  });
  t.equal(checked, result.moves.length);
  t.ok(checked > 100, `${checked} moves checked`);
  t.equal(legalMoves(result.game).phase, 'finished');
});

t.test('a bot asked to move for a seat that is not the actor refuses', async (t) => {
  const g = midGame('actor', 0);
  for (const kind of ['random', 'greedy', 'mcts'] as const)
    t.throws(() => chooseMove(kind, g, 1, { seed: 's' }), /actor is 0/);
});

t.test('the same seeds give the same game', async (t) => {
  const seats: Seat[] = [
    { bot: BOTS.greedy, options: { seed: 'a' } },
    { bot: BOTS.random, options: { seed: 'b' } },
  ];
  const one = playMatch(setup('same', 2), seats);
  const two = playMatch(setup('same', 2), seats);
  t.same(two.moves, one.moves);
  t.same(two.scores, one.scores);
  const other = playMatch(setup('same', 2), [seats[0], { bot: BOTS.random, options: { seed: 'c' } }]);
  t.not(JSON.stringify(other.moves), JSON.stringify(one.moves), 'another seed, another game');
});

t.test('greedy closes a city of its own worth 12 points', async (t) => {
  //  (0,-1) M r90 [P0] ─ (1,-1) M r180        a ring of four tiles with two pennants
  //  (0,0)  D            (1,0)  ?             P0 now holds K, whose city closes it at r0
  const s = scenario({ tiles: ['base/M', 'base/M', 'base/K', 'base/U'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0), tile(1, -1, 180), pass);
  const choice = chooseMove('greedy', s.game, 0, { seed: 'x' });
  t.same(choice.move, tile(1, 0, 0));
  t.ok(choice.value! >= 12, `valued ${choice.value}`);
  s.play(choice.move);
  s.play(chooseMove('greedy', s.game, 0, { seed: 'y' }).move);
  t.same(s.view().scores, [12, 0]);
});

t.test('mcts with an iteration budget is deterministic and estimates a win rate', async (t) => {
  const g = midGame('mcts-det', 30);
  const seat = legalMoves(g).actor!;
  const one = chooseMove('mcts', g, seat, { seed: 'k', iterations: 80 });
  const two = chooseMove('mcts', g, seat, { seed: 'k', iterations: 80 });
  t.same(two, one);
  t.equal(one.iterations, 80);
  t.ok(one.winRate! >= 0 && one.winRate! <= 1);
});

t.test('mcts stops at its time budget, read from the clock it is given', async (t) => {
  const g = midGame('mcts-time', 10);
  let clock = 0;
  const choice = chooseMove('mcts', g, legalMoves(g).actor!, { seed: 'k', timeMs: 20, now: () => clock++ });
  t.equal(choice.iterations, 19, 'one clock reading per iteration after the start');
});

t.test('the mcts bot never reveals the pile: the same public state gives the same choice', async (t) => {
  const g = midGame('hidden', 24);
  const seat = legalMoves(g).actor!;
  const [a, b] = [determinize(g, 'one'), determinize(g, 'two')];
  t.equal(JSON.stringify(publicView(a)), JSON.stringify(publicView(b)));
  const ca = chooseMove('mcts', a, seat, { seed: 'q', iterations: 80 });
  const cb = chooseMove('mcts', b, seat, { seed: 'q', iterations: 80 });
  t.same(cb, ca);
  t.same(chooseMove('mcts', g, seat, { seed: 'q', iterations: 80 }), ca, 'nor the true order');
  t.same(chooseMove('greedy', b, seat, { seed: 'q' }), chooseMove('greedy', a, seat, { seed: 'q' }));
});

t.test('the same holds for two fixed tile orders that agree on everything placed so far', async (t) => {
  const placed = ['base/U', 'base/E', 'base/V', 'base/K'];
  const rest = ['base/A', 'base/B', 'base/C', 'base/K', 'base/L', 'base/M', 'base/N', 'base/R'];
  const games = [rest, [...rest].reverse()].map((tail) => {
    const s = scenario({ tiles: [...placed, ...tail] });
    for (let i = 0; i < 6; i++) {
      const lm = legalMoves(s.game);
      s.play(chooseMove('greedy', s.game, lm.actor!, { seed: `p${i}` }).move);
    }
    return s.game;
  });
  t.equal(JSON.stringify(publicView(games[0])), JSON.stringify(publicView(games[1])));
  const [ca, cb] = games.map((g) => chooseMove('mcts', g, legalMoves(g).actor!, { seed: 'z', iterations: 100 }));
  t.same(cb, ca);
});
