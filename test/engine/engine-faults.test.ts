import t from 'tap';
import {
  createGame,
  play,
  playInPlace,
  publicView,
  replay,
  type GameSetup,
  type Move,
} from '../../src/engine/index.js';

// An exception inside the engine is a fault, never a refusal: play, playInPlace and replay let
// it propagate alike (the service answers 500 and drops its copy). No JSON input can make one;
// here a move whose field getter throws forces it while the move is being read.

const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], tileOrder: ['base/U', 'base/V'] };
const faulty = (): Move => {
  const m = { type: 'placeTile', y: 0, rotation: 0 } as Record<string, unknown>;
  Object.defineProperty(m, 'x', {
    enumerable: true,
    get: () => {
      throw new Error('fault inside the engine');
    },
  });
  return m as unknown as Move;
};

t.test('play, playInPlace and replay all throw an engine fault instead of answering a refusal', async (t) => {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const before = JSON.stringify(publicView(game));
  t.throws(() => play(game, faulty()), /fault inside the engine/, 'play');
  t.equal(JSON.stringify(publicView(game)), before, 'play left its input as it was');
  t.throws(() => playInPlace(game, faulty()), /fault inside the engine/, 'playInPlace');
  t.throws(() => replay(setup, [faulty()]), /fault inside the engine/, 'replay');
});

t.test('a move that is merely wrong is still a refusal value, never an exception', async (t) => {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const wrong = [
    null,
    7,
    'placeTile',
    {},
    { type: 'flip' },
    { type: 'placeTile', x: '0', y: 0, rotation: 0 },
  ] as unknown as Move[];
  for (const m of wrong) {
    const a = play(game, m);
    const b = playInPlace(game, m);
    t.same(
      [a.ok ? 'accepted' : a.error.code, b.ok ? 'accepted' : b.error.code],
      ['ILLEGAL_MOVE', 'ILLEGAL_MOVE'],
      JSON.stringify(m),
    );
  }
});
