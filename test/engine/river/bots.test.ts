import t from 'tap';
import { BOTS, chooseMove, playMatch, PublicGame, type Seat } from '../../../src/bots/index.js';
import { moveKey } from '../../../src/bots/moves.js';
import {
  createGame,
  determinize,
  legalMoves,
  playInPlace,
  publicView,
  type GameEvent,
  type Move,
} from '../../../src/engine/index.js';
import { scenario } from '../../helpers/scenario.js';
import { LAKE, MIDDLE, RiverWalk } from './helpers.js';

// The bots in river games: only listed moves through the river phase and after it, a sense of
// what the river tiles offer, and the hidden pile they imagine keeps the river first.

t.test('every bot only ever chooses a listed legal move, in full river games (every set; lookahead)', async (t) => {
  const all = ['traders-builders' as const, 'abbey-mayor' as const, 'inns-cathedrals' as const, 'river' as const];
  for (const [riverTurns, expansions] of [
    ['c2', all],
    ['lookahead', ['river' as const]],
  ] as const) {
    const seats: Seat[] = [
      { bot: BOTS.random, options: { seed: 'r' } },
      { bot: BOTS.greedy, options: { seed: 'g' } },
      { bot: BOTS.mcts, options: { seed: 'm', iterations: 4 } },
    ];
    let checked = 0;
    let riverFigures = 0;
    const setup = {
      players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
      expansions: [...expansions],
      rules: { riverTurns },
      seed: `river-bots-${riverTurns}`,
    };
    const result = playMatch(setup, seats, (game, _seat, move) => {
      if (!legalMoves(game).moves.some((m) => moveKey(m) === moveKey(move)))
        t.fail(`unlisted move ${JSON.stringify(move)}`);
      const tiles = publicView(game).tiles;
      if (
        move.type === 'placeFigure' &&
        tiles.some((x) => x.x === move.x && x.y === move.y && x.tile.startsWith('river/'))
      )
        riverFigures++;
      checked++;
    });
    t.equal(checked, result.moves.length);
    t.equal(legalMoves(result.game).phase, 'finished', `${riverTurns}: the game ends`);
    t.ok(riverFigures > 0, `${riverTurns}: figures went onto river tiles ${riverFigures} times`);
  }
});

t.test('greedy on river tiles: a monk in the monastery of H, a knight in a city of C', async (t) => {
  const first = (id: string) => [id, ...MIDDLE.filter((x) => x !== id), LAKE, 'base/E'];
  for (const [id, features] of [
    ['river/H', [0]],
    ['river/C', [0, 1]],
  ] as const) {
    const s = scenario({ expansions: ['river'], tiles: first(id) });
    new RiverWalk(s).place('S');
    const move = chooseMove('greedy', s.game, 0, { seed: 'x' }).move;
    t.ok(
      move.type === 'placeFigure' && move.figure === 'meeple' && (features as readonly number[]).includes(move.feature),
      `${id}: ${JSON.stringify(move)}`,
    );
  }
});

t.test("the pile a bot imagines keeps the river's stages: river tiles, the lake, then land", async (t) => {
  const created = createGame({ players: [{ name: 'A' }, { name: 'B' }], expansions: ['river'], seed: 'imagined' });
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  for (let i = 0; i < 3; i++) playInPlace(game, legalMoves(game).moves[0]);
  for (const seed of ['a', 'b', 'c']) {
    const copy = determinize(game, seed);
    const draws: string[] = [];
    for (;;) {
      const lm = legalMoves(copy);
      if (lm.actor === null) break;
      const r = playInPlace(copy, lm.moves[0]);
      if (!r.ok) throw new Error(r.error.reason);
      for (const e of r.value) if (e.type === 'tileDrawn') draws.push(e.tile);
    }
    const lake = draws.indexOf(LAKE);
    t.ok(lake > 0 && draws.slice(0, lake).every((x) => MIDDLE.includes(x)), `${seed}: river tiles, then the lake`);
    t.notOk(
      draws.slice(lake + 1).some((x) => x.startsWith('river/')),
      `${seed}: then land tiles only`,
    );
  }
});

t.test("a client's bot rebuilds a river game from its public history, mid-river", async (t) => {
  const setup = { players: [{ name: 'A' }, { name: 'B' }], expansions: ['river' as const], seed: 'public' };
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const log: { move: Move; events: GameEvent[] }[] = [];
  for (let i = 0; i < 5; i++) {
    const move = legalMoves(game).moves[0];
    const r = playInPlace(game, move);
    if (!r.ok) throw new Error(r.error.reason);
    log.push({ move, events: r.value });
  }
  const rebuilt = new PublicGame({ state: publicView(game), created: created.value.events, log }).game();
  t.same(publicView(rebuilt), publicView(game), 'the same public state');
  t.same(legalMoves(rebuilt), legalMoves(game), 'the same legal moves');
});
