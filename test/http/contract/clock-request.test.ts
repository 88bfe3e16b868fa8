/**
 * The clock a creation asks for (docs/api.md, docs/lifecycle.md): a turn limit, a bank with an
 * increment, or both, and what happens at zero. A wrong shape or range is a 400 that names it,
 * and creates nothing; the lobby and the state show the clock as asked.
 */
import t from 'tap';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { testApp } from '../helpers/app.js';

const { CreatedGameResponse, LobbyResponse } = SCHEMAS;

const PLAYERS = [{ name: 'Ann' }, { name: 'Bob' }];

t.test('a clock with a bank, an increment and a forfeit is created and shown as asked', async (t) => {
  const app = await testApp(t);
  const clock = { turnSeconds: 120, bankSeconds: 600, incrementSeconds: 20, onTimeout: 'forfeit' };
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: PLAYERS, clock, visibility: 'public' },
  });
  t.equal(res.statusCode, 201);
  const body = res.json();
  conforms(t, CreatedGameResponse, body, 'created game');
  t.match(body.state.clock, { ...clock, running: 0, banksMs: [600_000, 600_000] });
  t.equal(
    Date.parse(body.state.clock.deadline) - Date.parse(body.state.clock.runningSince),
    120_000,
    'the turn limit comes before the bank',
  );
  const lobby = (await app.inject({ url: '/games' })).json();
  conforms(t, LobbyResponse, lobby, 'lobby');
  t.same(lobby.games[0].clock, clock, 'the lobby tells the clock before anyone joins');
});

t.test('a turn limit alone reads as before: autopilot at zero, no bank', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: PLAYERS, clock: { turnSeconds: 30 } },
  });
  t.equal(res.statusCode, 201);
  const clock = res.json().state.clock;
  t.match(clock, { turnSeconds: 30, onTimeout: 'autopilot', running: 0 });
  t.notOk('banksMs' in clock, 'no banks without a bank');
});

t.test('a malformed clock is a 400 naming what is wrong, and no game is made', async (t) => {
  const app = await testApp(t);
  const cases: [object, RegExp][] = [
    [{}, /turnSeconds, bankSeconds or both/],
    [{ incrementSeconds: 5 }, /turnSeconds, bankSeconds or both/],
    [{ turnSeconds: 30, incrementSeconds: 5 }, /give bankSeconds too/],
    [{ bankSeconds: 0 }, /bankSeconds/],
    [{ bankSeconds: 60, incrementSeconds: -1 }, /incrementSeconds/],
    [{ turnSeconds: 1.5 }, /turnSeconds/],
    [{ bankSeconds: 31 * 24 * 3600 }, /bankSeconds/],
    [{ bankSeconds: 60, onTimeout: 'resign' }, /onTimeout/],
    [{ bankSeconds: 60, delaySeconds: 3 }, /delaySeconds|additional/],
    [{ bankSeconds: '60' }, /bankSeconds/],
  ];
  for (const [clock, why] of cases) {
    const payload = { players: PLAYERS, clock, visibility: 'public' };
    const res = await app.inject({ method: 'POST', url: '/games', payload });
    t.equal(res.statusCode, 400, JSON.stringify(clock));
    t.match(res.json(), { status: 400, code: 'BAD_REQUEST', detail: why }, JSON.stringify(clock));
  }
  t.same((await app.inject({ url: '/games' })).json().games, [], 'nothing was created (the games would be public)');
});
