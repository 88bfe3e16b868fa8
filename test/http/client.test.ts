import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { ApiProblem, CarcassonneClient } from '../../clients/typescript/src/index.js';
import { testApp } from './helpers/app.js';

const clientDir = new URL('../../clients/typescript/', import.meta.url);

const generator = new URL('node_modules/.bin/openapi-typescript', clientDir).pathname;

t.test(
  'the client types are what openapi-typescript makes of the committed document',
  {
    // CI installs the generator (.ci/run) and must run this check; elsewhere it may be skipped.
    skip:
      existsSync(generator) || process.env.CI
        ? false
        : 'clients/typescript has no node_modules: run `npm run client:install`',
  },
  async (t) => {
    const { stdout } = await execNode(generator, ['../../openapi/openapi.json'], { cwd: clientDir.pathname });
    t.equal(
      readFileSync(new URL('src/api.d.ts', clientDir), 'utf8'),
      stdout,
      'run `npm run generate --prefix clients/typescript`',
    );
  },
);

t.test('a bot with the client: create, wait for its turn, play, follow the stream', async (t) => {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const game = await client.createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }] });
  const [ann, bob] = client.seats(game);
  t.same([ann?.index, bob?.index], [0, 1], 'one seat per named player');

  const stream = client.stream(game.id);
  const first = await stream.next();
  t.match(first.value, { event: 'state', data: { version: 0, actor: 0 } });

  const legal = await ann.waitForTurn();
  t.equal(legal?.actor, 0);
  const accepted = await ann.play(legal!.version, legal!.moves[0]);
  t.equal(accepted.version, 1);
  const moved = await stream.next();
  t.match(moved.value, { event: 'move', id: 1, data: { version: 1, seat: 0 } });
  await stream.return(undefined);

  const refused = await bob.play(0, { type: 'pass' }).catch((e: unknown) => e);
  t.ok(refused instanceof ApiProblem);
  t.match((refused as ApiProblem).problem, { status: 409, code: 'VERSION_CONFLICT' });
});

t.test('the stream of a finished game ends with the analysis message, through the client', async (t) => {
  const app = await testApp(t, {
    bots: { workers: 1 },
    analysis: { playouts: 4, maxPlayouts: 4, minPlayouts: 4, stepPositions: 4 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const game = await client.createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/E'] });
  const seats = client.seats(game);
  for (let legal = await client.legalMoves(game.id); legal.actor !== null; legal = await client.legalMoves(game.id)) {
    await seats[legal.actor].play(legal.version, legal.moves.at(-1)!);
  }
  const { version } = await client.state(game.id);
  t.equal((await app.inject({ url: `/games/${game.id}/analysis` })).statusCode, 202, 'asked for');
  const messages = [];
  for await (const m of client.stream(game.id, { after: version })) messages.push(m);
  t.same(
    messages,
    [{ event: 'analysis', data: { gameId: game.id, version, url: `/games/${game.id}/analysis` } }],
    'one analysis message, then the end',
  );
});

t.test('play retries a 503 after Retry-After with the same Idempotency-Key', async (t) => {
  const keys: string[] = [];
  let calls = 0;
  const fake = (async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)['idempotency-key']);
    calls++;
    if (calls === 1) throw new TypeError('fetch failed');
    if (calls === 2) {
      return new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'x',
          status: 503,
          code: 'DATABASE_BUSY',
          detail: 'busy',
          retryAfter: 0,
        }),
        {
          status: 503,
          headers: { 'retry-after': '0', 'content-type': 'application/problem+json' },
        },
      );
    }
    return new Response(JSON.stringify({ version: 1, events: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  const client = new CarcassonneClient({ baseUrl: 'http://x', fetch: fake });
  t.same(await client.play('g', 'tok', 0, { type: 'pass' }), { version: 1, events: [] });
  t.equal(calls, 3);
  t.equal(new Set(keys).size, 1, 'one key for every attempt');
});
