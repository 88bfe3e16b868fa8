/**
 * A level belongs to a bot that has levels (mcts: its time budget). Wherever a bot is named with
 * a level (a seat at creation, a seat handed to a bot), another bot's level is refused with 400
 * and a message that says which bots have levels, instead of being kept and echoed unused.
 */
import t from 'tap';
import { BOT_KINDS, BOTS_WITH_LEVELS } from '../../src/bots/index.js';
import { bearer, testApp } from './helpers/app.js';

const withoutLevels = BOT_KINDS.filter((b) => !BOTS_WITH_LEVELS.includes(b));

t.test('only mcts has levels, so the others are the ones refused', async (t) => {
  t.same(BOTS_WITH_LEVELS, ['mcts']);
  t.same(withoutLevels, ['random', 'greedy']);
});

t.test('creating a game with a level on a bot that has none answers 400 naming the bots with levels', async (t) => {
  const app = await testApp(t);
  for (const bot of withoutLevels) {
    const res = await app.inject({
      method: 'POST',
      url: '/games',
      payload: { players: [{ name: 'Ann' }, { bot, level: 2 }] },
    });
    t.equal(res.statusCode, 400, bot);
    t.match(res.json(), {
      code: 'BAD_REQUEST',
      detail: `body/players/1/level: ${bot} has no levels; only mcts has levels`,
    });
  }
  const plain = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { bot: 'greedy' }] },
  });
  t.equal(plain.statusCode, 201, 'the same bot without a level is taken');
  const mcts = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { bot: 'mcts', level: 2 }] },
  });
  t.equal(mcts.statusCode, 201, 'mcts takes its level');
  const state = (await app.inject({ url: `/games/${mcts.json().id}` })).json();
  t.match(state.seats[1], { kind: 'bot', bot: 'mcts', level: 2 }, 'and keeps it');
});

t.test('handing a seat to a bot with a level it has not answers 400, and nothing is appended', async (t) => {
  const app = await testApp(t);
  const game = (
    await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { name: 'Bob' }] } })
  ).json<{ id: string; adminToken: string }>();
  const hand = (payload: object) =>
    app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/bot`, headers: bearer(game.adminToken), payload });
  const refused = await hand({ bot: 'greedy', level: 2 });
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), { code: 'BAD_REQUEST', detail: 'body/level: greedy has no levels; only mcts has levels' });
  t.equal((await app.inject({ url: `/games/${game.id}` })).json().version, 0, 'no act appended');
  const taken = await hand({ bot: 'mcts', level: 4 });
  t.equal(taken.statusCode, 200, taken.body);
  t.match((await app.inject({ url: `/games/${game.id}` })).json().seats[1], { bot: 'mcts', level: 4 });
});
