/**
 * Bots over real HTTP, with bot seats asked for at creation: a game whose
 * every seat is a bot plays itself from its creation to `gameEnded`, seen through the event
 * stream of the API; and a human playing through the API against a bot gets each bot reply by
 * long-polling legal-moves, as any client would.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { bearer, createGame, testApp } from './helpers/app.js';

// One server for both games, as a server plays many: an app's bot workers cost more than half a
// second of CPU to start, as much as the second game.
const app = await testApp(t, { bots: { moveIterations: 8 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

t.test('a game of bots only plays itself from its creation to gameEnded', async (t) => {
  const created = (await (
    await fetch(`${base}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        players: [{ bot: 'mcts' }, { bot: 'greedy' }],
        expansions: ['traders-builders'],
        seed: 'e2e',
      }),
    })
  ).json()) as { id: string };
  // The stream ends after the game does.
  const stream = await (await fetch(`${base}/games/${created.id}/stream`)).text();
  t.match(stream, /"type":"gameEnded"/, 'the stream shows the end');
  const state = (await (await fetch(`${base}/games/${created.id}`)).json()) as {
    version: number;
    phase: string;
    scores: number[];
  };
  t.equal(state.phase, 'finished');
  const log = (await (await fetch(`${base}/games/${created.id}/moves?limit=1000`)).json()) as {
    moves: { seq: number; seat: number }[];
  };
  t.equal(log.moves.length, state.version);
  t.same(new Set(log.moves.map((m) => m.seat)), new Set([0, 1]));
});

t.test('a human plays through the API against a bot, to the end', async (t) => {
  const game = await createGame(app, {
    players: [{ name: 'Ann' }, { bot: 'mcts', level: 2 }],
    tileOrder: ['base/U', 'base/E', 'base/V', 'base/D', 'base/K', 'base/L', 'base/B', 'base/W'],
  });
  let after: number | undefined; // the version to wait past: set while the bot is to move
  let humanMoves = 0;
  for (;;) {
    const query = after === undefined ? '' : `?after=${after}&wait=30`;
    const lm = (await (await fetch(`${base}/games/${game.id}/legal-moves${query}`)).json()) as {
      version: number;
      actor: number | null;
      moves: unknown[];
    };
    if (lm.actor === null) break;
    if (lm.actor !== 0) {
      after = lm.version;
      continue;
    }
    const res = await fetch(`${base}/games/${game.id}/moves`, {
      method: 'POST',
      headers: { ...bearer(game.seats[0].token), 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ expectedVersion: lm.version, move: lm.moves[0] }),
    });
    t.equal(res.status, 201);
    humanMoves += 1;
    after = undefined;
  }
  const state = (await (await fetch(`${base}/games/${game.id}`)).json()) as { version: number; phase: string };
  t.equal(state.phase, 'finished');
  t.ok(
    humanMoves > 0 && humanMoves < state.version,
    `Ann made ${humanMoves} of ${state.version} moves, the bot the others`,
  );
});
