import t from 'tap';
import { BOTS, chooseMove, playMatch, type Seat } from '../../../src/bots/index.js';
import { moveKey } from '../../../src/bots/moves.js';
import { legalMoves, tileCatalog, type Move } from '../../../src/engine/index.js';
import { scenario, tile } from '../../helpers/scenario.js';

// The bots with Inns & Cathedrals: legal moves only, and a sense of the inn's risk.

t.test('every bot only ever chooses a listed legal move, in full games with all three expansions', async (t) => {
  const seats: Seat[] = [
    { bot: BOTS.random, options: { seed: 'r' } },
    { bot: BOTS.greedy, options: { seed: 'g' } },
    { bot: BOTS.mcts, options: { seed: 'm', iterations: 8 } },
  ];
  let checked = 0;
  let large = 0;
  const setup = {
    players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    expansions: ['traders-builders' as const, 'abbey-mayor' as const, 'inns-cathedrals' as const],
    seed: 'ic-bots',
  };
  const result = playMatch(setup, seats, (game, _seat, move) => {
    if (!legalMoves(game).moves.some((m) => moveKey(m) === moveKey(move)))
      t.fail(`unlisted move ${JSON.stringify(move)}`);
    if (move.type === 'placeFigure' && move.figure === 'largeMeeple') large++;
    checked++;
  });
  t.equal(checked, result.moves.length);
  t.equal(legalMoves(result.game).phase, 'finished');
  t.ok(large > 0, `the large meeple was played ${large} times`);
});

/** Base tiles as the pile holds them (one base/D is the start tile). */
const BASE_PILE = tileCatalog()
  .tiles.filter((x) => x.set === 'base')
  .flatMap((x) => Array.from({ length: x.startTile ? x.count - 1 : x.count }, () => x.id));

/** Greedy's figure on inns-cathedrals/C at (1,0): its west arm joins the start road, its east arm has the inn. */
function figureOnJunction(tilesAfter: number): Move {
  const s = scenario({
    expansions: ['inns-cathedrals'],
    tiles: ['inns-cathedrals/C', ...BASE_PILE.slice(0, tilesAfter)],
  });
  s.play(tile(1, 0, 0));
  return chooseMove('greedy', s.game, 0, { seed: 'x' }).move;
}

t.test('greedy takes the inn arm early, when the road is likely to be finished', async (t) => {
  const m = figureOnJunction(60);
  t.match(m, { type: 'placeFigure', x: 1, y: 0, feature: 1 });
});

t.test('greedy leaves the inn arm late, when an unfinished inn road would score nothing', async (t) => {
  const m = figureOnJunction(0);
  t.notMatch(m, { type: 'placeFigure', feature: 1 });
});
