/**
 * Open seats and joins over HTTP: a game with an open seat waits (no move) until it is joined;
 * the first join wins, exactly once also when many race; the joined name shows in the state;
 * the log and the events show the act but never its token hash.
 */
import t from 'tap';
import { createGame, bearer, legal, testApp, type App } from '../../http/helpers/app.js';
import { conforms } from '../../http/helpers/schema.js';
import { hashToken } from '../../../src/service/lifecycle/seat-tokens.js';
import { SCHEMAS } from '../../http/helpers/schema.js';

const { CreatedGameResponse, EventsResponse, GameStateSchema, LegalMovesResponse, MoveLog } = SCHEMAS;

const OPEN = { players: [{ name: 'Ann' }, { open: true }], seed: 'open-1' };

const join = (app: App, id: string, seat: number, name: string) =>
  app.inject({ method: 'POST', url: `/games/${id}/seats/${seat}/join`, payload: { name } });

t.test('a game with an open seat waits until it is joined; the joined player then plays', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ method: 'POST', url: '/games', payload: OPEN });
  t.equal(res.statusCode, 201);
  const game = res.json();
  conforms(t, CreatedGameResponse, game, 'created');
  t.type(game.adminToken, 'string');
  t.type(game.seats[0].token, 'string', 'a named seat has a token');
  t.equal(game.seats[1].token, undefined, 'an open seat has none');
  t.match(game.seats[1], { seat: 1, kind: 'open' });
  t.match(game.state, {
    status: 'waiting',
    actor: null,
    pile: 'seeded',
    seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }],
  });

  const lm = await legal(app, game.id);
  conforms(t, LegalMovesResponse, lm, 'legal moves while waiting');
  t.same([lm.actor, lm.moves], [null, []], 'nobody acts while the game waits');
  const refused = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[0].token),
    payload: { expectedVersion: 0, move: { type: 'pass' } },
  });
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().code, 'GAME_WAITING');

  const joined = await join(app, game.id, 1, 'Cleo');
  t.equal(joined.statusCode, 201, joined.body);
  const { token, version } = joined.json();
  t.equal(version, 1, 'the join is the first entry of the log');
  const state = (await app.inject({ url: `/games/${game.id}` })).json();
  conforms(t, GameStateSchema, state, 'state after the join');
  t.match(state, { version: 1, status: 'active', actor: 0 });
  t.equal(state.players[1].name, 'Cleo', "the joined name is the player's");
  t.match(state.seats[1], { kind: 'human', name: 'Cleo', resigned: false });

  t.equal((await join(app, game.id, 1, 'Dan')).json().code, 'SEAT_NOT_OPEN', 'a taken seat is not open');
  t.equal((await join(app, game.id, 0, 'Dan')).statusCode, 409, 'a named seat is not open');
  t.equal((await join(app, game.id, 4, 'Dan')).json().code, 'SEAT_NOT_FOUND');

  // Ann plays until it is Cleo's turn; Cleo's token moves for seat 1.
  for (;;) {
    const now = await legal(app, game.id);
    const who = now.actor === 0 ? game.seats[0].token : token;
    const moved = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(who),
      payload: { expectedVersion: now.version, move: now.moves[0] },
    });
    t.equal(moved.statusCode, 201);
    if (now.actor === 1) break;
  }

  const log = (await app.inject({ url: `/games/${game.id}/moves` })).json();
  conforms(t, MoveLog, log, 'the log');
  t.same(log.moves[0].move, { type: 'seatJoined', seat: 1, name: 'Cleo' });
  const events = (await app.inject({ url: `/games/${game.id}/events` })).json();
  conforms(t, EventsResponse, events, 'the events');
  t.same(events.events[0], { seq: 1, seat: 1, events: [{ type: 'seatJoined', seat: 1, name: 'Cleo' }] });
  const hash = hashToken(token);
  for (const url of [`/games/${game.id}/moves`, `/games/${game.id}/events`, `/games/${game.id}`]) {
    t.notOk((await app.inject({ url })).body.includes(hash), `${url} never shows the token's hash`);
  }
});

t.test('of many joins racing for one seat exactly one wins', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, { players: [{ open: true }, { open: true }] });
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => join(app, game.id, 0, `P${i}`)));
  t.equal(answers.filter((a) => a.statusCode === 201).length, 1, 'one 201');
  t.ok(
    answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 409 && a.json().code === 'SEAT_NOT_OPEN'),
    'the others 409 SEAT_NOT_OPEN',
  );
  t.equal((await legal(app, game.id)).version, 1, 'one entry in the log');
});

t.test('POST /moves takes engine moves only: an act there is malformed', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  for (const move of [
    { type: 'seatResigned', seat: 0 },
    { type: 'gameAborted' },
    { type: 'seatJoined', seat: 0, name: 'X', tokenHash: 'a'.repeat(64) },
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[0].token),
      payload: { expectedVersion: 0, move },
    });
    t.equal(res.statusCode, 400, move.type);
  }
  t.equal((await legal(app, game.id)).version, 0);
});

t.test('the state says how the pile was set', async (t) => {
  const app = await testApp(t);
  t.equal((await createGame(app)).state.pile, 'seeded');
  const fixed = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], tileOrder: ['base/D', 'base/E'] });
  t.equal(fixed.state.pile, 'fixed');
});

t.test('bad seats at creation answer 400', async (t) => {
  const app = await testApp(t);
  for (const players of [
    [{ open: false }, { name: 'B' }],
    [{ bot: 'deep' }, { name: 'B' }],
    [{ bot: 'mcts', level: 9 }, { name: 'B' }],
    [{ name: 'A', open: true }, { name: 'B' }],
  ]) {
    const res = await app.inject({ method: 'POST', url: '/games', payload: { players } });
    t.equal(res.statusCode, 400, JSON.stringify(players));
  }
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'A' }, { name: 'B' }], clock: { turnSeconds: 0 } },
  });
  t.equal(res.statusCode, 400, 'a clock of 0 seconds');
  const join = await app.inject({ method: 'POST', url: '/games/nope/seats/0/join', payload: { name: 'X' } });
  t.equal(join.statusCode, 404);
  const game = await createGame(app, OPEN);
  for (const [url, payload] of [
    [`/games/${game.id}/seats/x/join`, { name: 'X' }],
    [`/games/${game.id}/seats/-1/join`, { name: 'X' }],
    [`/games/${game.id}/seats/1/join`, {}],
    [`/games/${game.id}/seats/1/join`, { name: '' }],
    [`/games/${game.id}/seats/1/join`, { name: 'X'.repeat(41) }],
    [`/games/${game.id}/seats/1/join`, { name: 'X', token: 'mine' }],
    [`/games/${game.id}/seats/1/bot`, { bot: 'greedy', level: 0 }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload });
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload)}`);
  }
  for (const url of [`/games/${game.id}/abort`, `/games/${game.id}/seats/0/resign`]) {
    t.equal((await app.inject({ method: 'POST', url })).statusCode, 401, `${url} without a token`);
    t.equal(
      (await app.inject({ method: 'POST', url, headers: { authorization: 'Bearer short' } })).json().code,
      'TOKEN_MALFORMED',
    );
  }
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `/games/${game.id}/seats/1/resign`,
        headers: bearer(game.seats[0].token),
      })
    ).json().code,
    'NOT_YOUR_GAME',
  );
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `/games/${game.id}/seats/0/resign`,
        headers: bearer(game.seats[0].token),
      })
    ).json().code,
    'GAME_WAITING',
  );
  t.equal((await legal(app, game.id)).version, 0, 'nothing was logged');
});
