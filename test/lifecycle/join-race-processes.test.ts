/**
 * Joins racing across server processes over real HTTP: two processes on one SQLite file, and two
 * nodes on one PostgreSQL database. Of the joins for one open seat exactly one wins; the others
 * are 409 SEAT_NOT_OPEN; a token reissued through one is refused at once by the other.
 */
import t, { type Test } from 'tap';
import { postgresDatabase } from '../helpers/postgres.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer, type Client } from '../helpers/server-process.js';

async function joinRace(t: Test, apis: Client[]): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const game = (await apis[0].post('/games', { players: [{ open: true }, { open: true }] })).body;
    await Promise.all(apis.map((api) => api.get(`/games/${game.id}`)));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        apis[i % apis.length].post(`/games/${game.id}/seats/1/join`, { name: `P${i}` }),
      ),
    );
    t.equal(answers.filter((a) => a.status === 201).length, 1, `round ${round}: one join wins`);
    t.ok(
      answers.every((a) => a.status === 201 || (a.status === 409 && a.body.code === 'SEAT_NOT_OPEN')),
      'the others are told the seat is taken',
    );
    const log = (await apis[1].get(`/games/${game.id}/moves`)).body.moves;
    t.equal(log.length, 1, 'one act in the log');
  }
  const game = (await apis[0].post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }] })).body;
  const lm = (await apis[1].get(`/games/${game.id}/legal-moves`)).body;
  const reissued = await apis[0].post(`/games/${game.id}/seats/0/token`, undefined, {
    authorization: `Bearer ${game.adminToken}`,
  });
  t.equal(reissued.status, 201);
  const old = await apis[1].post(
    `/games/${game.id}/moves`,
    { expectedVersion: lm.version + 1, move: lm.moves[0] },
    { authorization: `Bearer ${game.seats[0].token}` },
  );
  t.equal(old.status, 403, 'the other process refuses the old token');
  const fresh = await apis[1].post(
    `/games/${game.id}/moves`,
    { expectedVersion: lm.version + 1, move: lm.moves[0] },
    { authorization: `Bearer ${reissued.body.token}` },
  );
  t.equal(fresh.status, 201, 'and takes the new one');
}

/** The races, not the budgets: on PostgreSQL the nodes share one address budget, which these rounds would spend. */
const UNLIMITED = { ADDRESS_RATE_LIMIT_PER_SECOND: '0' };

t.test('two server processes on one SQLite file', async (t) => {
  const db = tempDatabase(t);
  const servers = await Promise.all([startServer(t, db, UNLIMITED), startServer(t, db, UNLIMITED)]);
  await joinRace(
    t,
    servers.map((s) => client(s.url)),
  );
});

t.test('two nodes on one PostgreSQL database', async (t) => {
  const url = await postgresDatabase(t);
  if (url === undefined) return t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
  const servers = await Promise.all([startServer(t, url, UNLIMITED), startServer(t, url, UNLIMITED)]);
  await joinRace(
    t,
    servers.map((s) => client(s.url)),
  );
});
