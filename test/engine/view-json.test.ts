/** The view's JSON writer (a speed trick, `view-json.ts`) says what the view object says, at every step of random games. */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { publicView, publicViewJson } from '../../src/engine/index.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';

const both = ['traders-builders', 'abbey-mayor'] as const;
const setups = [
  randomSetup('vj-base', 2),
  randomSetup('vj-tb', 3, ['traders-builders']),
  randomSetup('vj-am', 2, ['abbey-mayor']),
  randomSetup('vj-both', 4, [...both]),
];

for (const setup of setups) {
  t.test(`the JSON is the view, step by step (${setup.seed})`, async (t) => {
    let steps = 0;
    let differ = 0;
    const { game } = playRandom(setup, `${setup.seed}-choices`, (g) => {
      steps++;
      // Member order aside: as values.
      if (!isDeepStrictEqual(JSON.parse(publicViewJson(g)), JSON.parse(JSON.stringify(publicView(g))))) differ++;
    });
    t.equal(differ, 0, `the JSON and the view agreed at each of ${steps} steps`);
    t.same(JSON.parse(publicViewJson(game)), publicView(game), 'and at the end');
  });
}

t.test("the caller's head, status, actor and names take their places", async (t) => {
  const { game } = playRandom(randomSetup('vj-opts', 2), 'c', () => {});
  const json = JSON.parse(
    publicViewJson(game, { head: '"id":"g1","version":7', status: 'aborted', noActor: true, names: ['Ann', 'Bob'] }),
  );
  t.same(
    [json.id, json.version, json.status, json.actor, json.players.map((p: { name: string }) => p.name)],
    ['g1', 7, 'aborted', null, ['Ann', 'Bob']],
  );
});
