/**
 * The River with the service's bots over real HTTP: a game whose seats are the random, greedy and
 * mcts bots plays itself through the river and to the end; a hint is a legal river placement;
 * and the finished game is analysed.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { bearer, createGame, legal, testApp } from '../../http/helpers/app.js';
import { openStream } from '../../http/helpers/sse.js';

const app = await testApp(t, {
  bots: { moveIterations: 8, hintIterations: 30 },
  // A small analysis: the workers search at nice 19, so beside busy cores each look-ahead waits
  // its turn (a loaded run's default-horizon analysis did not end in two minutes).
  analysis: { playouts: 4, minPlayouts: 4, maxPlayouts: 4, candidates: 2, horizon: 4, stepPositions: 8 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

t.test(
  'a game of random, greedy and mcts bots plays itself through the river to the end, then is analysed',
  async (t) => {
    const created = (await (
      await fetch(`${base}/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          players: [{ bot: 'random' }, { bot: 'greedy' }, { bot: 'mcts', level: 1 }],
          expansions: ['traders-builders', 'abbey-mayor', 'inns-cathedrals', 'river'],
          rules: { riverTurns: 'lookahead' },
          seed: 'river-e2e',
        }),
      })
    ).json()) as { id: string };
    const stream = await (await fetch(`${base}/games/${created.id}/stream`)).text();
    t.match(stream, /"type":"gameEnded"/, 'the stream shows the end');
    const events = (await (await fetch(`${base}/games/${created.id}/events`)).json()) as {
      created: { type: string; tile?: string }[];
      events: { events: { type: string; tile?: string }[] }[];
    };
    const drawn = [...events.created, ...events.events.flatMap((e) => e.events)]
      .filter((e) => e.type === 'tileDrawn')
      .map((e) => e.tile);
    t.ok(
      drawn.slice(0, 10).every((x) => x?.startsWith('river/') && x !== 'river/L'),
      'the ten middle river tiles first',
    );
    t.equal(drawn[10], 'river/L', 'then the lake');
    t.notOk(
      drawn.slice(11).some((x) => x?.startsWith('river/')),
      'then land tiles',
    );
    const state = (await (await fetch(`${base}/games/${created.id}`)).json()) as { version: number; phase: string };
    t.equal(state.phase, 'finished');
    // The analysis: asked for, then stored (the stream says when).
    const first = await fetch(`${base}/games/${created.id}/analysis`);
    t.ok([200, 202].includes(first.status), `analysis asked for: ${first.status}`);
    if (first.status === 202) {
      const wait = await openStream(`${base}/games/${created.id}/stream`, { 'last-event-id': String(state.version) });
      t.teardown(() => wait.close());
      const ready = await wait.next(480_000); // a bound for a hang, not a time the analysis must keep
      t.equal(ready.event, 'analysis');
    }
    const analysis = (await (await fetch(`${base}/games/${created.id}/analysis`)).json()) as {
      decisions: { chances: number[] }[];
    };
    t.ok(analysis.decisions.length > 0, `${analysis.decisions.length} decisions analysed`);
    t.ok(analysis.decisions.every((d) => d.chances.length === 3));
  },
);

t.test('a hint in the river phase is a listed river placement', async (t) => {
  const game = await createGame(app, {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['river'],
    seed: 'river-hint',
  });
  const lm = await legal(app, game.id);
  t.equal(lm.phase, 'placeTile');
  const res = await fetch(`${base}/games/${game.id}/hint`, { headers: bearer(game.seats[0].token) });
  t.equal(res.status, 200);
  const hint = (await res.json()) as { move: unknown };
  t.ok(
    lm.moves.some((m) => JSON.stringify(m) === JSON.stringify(hint.move)),
    `the hint ${JSON.stringify(hint.move)} is listed`,
  );
});
