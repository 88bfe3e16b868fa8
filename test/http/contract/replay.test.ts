import t from 'tap';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { createGame, playFirstLegal, testApp } from '../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

const { GameStateSchema } = SCHEMAS;

const BOTH = {
  players: [{ name: 'Ann' }, { name: 'Bob' }],
  expansions: ['traders-builders', 'abbey-mayor'],
  seed: 'replay',
};
const MOVES = 12;

forEachStore(t, (t, stores) => {
  t.test('?version=N answers the state and the board after move N, as they were then, in any order', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app, BOTH);
    // What GET answered at each version while the game was played.
    const states = [(await app.inject({ url: `/games/${game.id}` })).body];
    const boards = [(await app.inject({ url: `/games/${game.id}/board.svg` })).body];
    for (let i = 0; i < MOVES; i++) {
      t.equal((await playFirstLegal(app, game)).statusCode, 201);
      states.push((await app.inject({ url: `/games/${game.id}` })).body);
      boards.push((await app.inject({ url: `/games/${game.id}/board.svg` })).body);
    }
    // Forward, back to the start, a jump and back again: the cursor walks and restarts.
    const order = [0, 1, 2, 3, 5, 4, 0, 9, 12, 11, 6, 7, 8, 10];
    for (const version of order) {
      const res = await app.inject({ url: `/games/${game.id}?version=${version}` });
      t.equal(res.statusCode, 200, `state at ${version}`);
      t.equal(res.body, states[version], `the state at ${version} is the one answered then`);
      conforms(t, GameStateSchema, res.json(), `state at ${version}`);
      const board = await app.inject({ url: `/games/${game.id}/board.svg?version=${version}` });
      t.equal(board.statusCode, 200);
      t.equal(board.body, boards[version], `the board at ${version} is the one drawn then`);
    }
  });
});

t.test('a replay answer is immutable: strong ETag, a year of Cache-Control, 304 on If-None-Match', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, BOTH);
  await playFirstLegal(app, game);
  await playFirstLegal(app, game);
  for (const url of [`/games/${game.id}?version=1`, `/games/${game.id}/board.svg?version=1&tile=32`]) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200, url);
    const etag = res.headers.etag as string;
    t.match(etag, /^"[^"]+"$/, `${url}: a strong ETag`);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', url);
    await playFirstLegal(app, game);
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    t.equal(again.statusCode, 304, `${url}: unchanged by later moves`);
    t.equal(again.headers['cache-control'], 'public, max-age=31536000, immutable');
  }
  const live = await app.inject({ url: `/games/${game.id}` });
  t.not(live.headers['cache-control'], 'public, max-age=31536000, immutable', 'the live state is not immutable');
});

t.test(
  'replay refusals: a version not reached yet or an unknown game is 404, a malformed version 400, never a 500',
  async (t) => {
    const app = await testApp(t);
    const game = await createGame(app, BOTH);
    await playFirstLegal(app, game);
    for (const path of [`/games/${game.id}`, `/games/${game.id}/board.svg`]) {
      const ahead = await app.inject({ url: `${path}?version=2` });
      t.equal(ahead.statusCode, 404, `${path}: ahead of the game`);
      t.equal(ahead.json().code, 'VERSION_NOT_FOUND');
      const unknown = await app.inject({ url: `${path.replace(game.id, 'no-such-game')}?version=0` });
      t.equal(unknown.statusCode, 404);
      t.equal(unknown.json().code, 'GAME_NOT_FOUND');
      for (const bad of ['-1', '1.5', 'one', '', '99999999999']) {
        const res = await app.inject({ url: `${path}?version=${bad}` });
        t.equal(res.statusCode, 400, `${path}?version=${bad}`);
        t.equal(res.json().code, 'BAD_REQUEST');
      }
    }
    const both = await app.inject({ url: `/games/${game.id}/board.svg?version=0&legal=1` });
    t.equal(both.statusCode, 400, 'legal=1 is of now, not of a replay');
  },
);
