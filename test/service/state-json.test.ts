/**
 * The state's JSON is written by the serializer compiled from its one schema (`state-json.ts`),
 * and such a serializer drops what its schema does not name: at every step of random games with
 * each set of expansions, the JSON says what the state object says. An expansion the core does
 * not name (the bells fixture) has its view member written too.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { createGame, registryOf, type GameSetup } from '../../src/engine/index.js';
import { stateJson } from '../../src/service/answer-json.js';
import { stateJsonOf, stateOf } from '../../src/service/answers.js';
import { applyAct, newLifecycle, type Lifecycle } from '../../src/service/lifecycle/lifecycle.js';
import { BELLS_REGISTRY as registry } from '../fixtures/bells/registry.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';

const setups = [
  randomSetup('sj-base', 2),
  randomSetup('sj-tb', 3, ['traders-builders']),
  randomSetup('sj-am', 2, ['abbey-mayor'], { endgameAbbeys: 'final-round' }),
  randomSetup('sj-both', 4, ['traders-builders', 'abbey-mayor']),
];

for (const setup of setups) {
  t.test(`the JSON is the state, step by step (${setup.seed})`, async (t) => {
    let steps = 0;
    let differ = 0;
    let first: unknown;
    const { game } = playRandom(setup, `${setup.seed}-choices`, (g) => {
      const life = newLifecycle(setup, g, '2026-01-01T00:00:00.000Z');
      const json = JSON.parse(stateJsonOf(g, life, 'g1', steps));
      // Member order aside: as values.
      if (!isDeepStrictEqual(json, JSON.parse(JSON.stringify(stateOf(g, life, 'g1', steps))))) {
        differ++;
        first ??= { step: steps, json, state: stateOf(g, life, 'g1', steps) };
      }
      steps++;
    });
    t.equal(differ, 0, `the JSON and the state agreed at each of ${steps} steps`, { first });
    const life = newLifecycle(setup, game, '2026-01-01T00:00:00.000Z');
    const end = JSON.parse(stateJsonOf(game, life, 'g1', steps));
    t.same(end, JSON.parse(JSON.stringify(stateOf(game, life, 'g1', steps))), 'and at the end');
    t.equal(end.status, 'finished');
    for (const member of setup.expansions?.includes('traders-builders') ? ['goods'] : [])
      t.ok(member in end && end.players.every((p: object) => member in p), `the expansion's ${member} is written`);
  });
}

/**
 * What the writer keeps per game (the placed tiles, the pile's counts, the figures, the seats,
 * the rules) must notice each change: a game played in place, with undos and a seat resigning
 * and one handed to a bot on the way, has at each version the JSON a fresh serialization of the
 * same state gives (nothing kept).
 */
for (const setup of setups) {
  t.test(`each version's JSON of a game played in place is a fresh serialization's (${setup.seed})`, async (t) => {
    let life: Lifecycle | undefined;
    let version = 0;
    let differ = 0;
    let first: unknown;
    const check = (g: Parameters<typeof stateJsonOf>[0], life: Lifecycle) => {
      const kept = stateJsonOf(g, life, 'g1', version);
      const fresh = stateJson(registryOf(g), stateOf(g, life, 'g1', version));
      if (kept !== fresh) {
        differ++;
        first ??= { version, kept, fresh };
      }
    };
    const { game } = playRandom(
      setup,
      `${setup.seed}-in-place`,
      (g) => {
        life ??= newLifecycle(setup, g, '2026-01-01T00:00:00.000Z');
        check(g, life);
        version++;
        if (version === 20) applyAct(life, [], { type: 'seatResigned', seat: 1 });
        if (version === 40) applyAct(life, [], { type: 'seatHandedToBot', seat: 0, bot: 'greedy' });
        if (version > 20 && version <= 40) t.equal(stateOf(g, life, 'g1', version).seats[1].resigned, true);
      },
      true,
    );
    check(game, life!);
    t.ok(version > 60, `${version} versions`);
    t.equal(differ, 0, 'the JSON with what was kept and the fresh JSON agreed at each version', { first });
  });
}

t.test('an expansion the core does not name has its view member written', async (t) => {
  const setup = {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['bells'],
    seed: 'sj-bells',
  } as unknown as GameSetup;
  const created = createGame(setup, registry);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const json = JSON.parse(stateJsonOf(game, newLifecycle(setup, game, '2026-01-01T00:00:00.000Z'), 'g1', 0));
  t.same(
    json.players.map((p: { supply: object; bellRung: boolean }) => [p.supply, p.bellRung]),
    [
      [{ meeple: 7, bell: 1 }, false],
      [{ meeple: 7, bell: 1 }, false],
    ],
  );
});
