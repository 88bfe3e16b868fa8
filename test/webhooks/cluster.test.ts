/**
 * Three server processes on one PostgreSQL database, every one sending webhooks: each event is
 * delivered exactly once, whichever node took the move (claims with FOR UPDATE SKIP LOCKED,
 * `docs/webhooks.md`).
 */
import t from 'tap';
import { postgresDatabase } from '../helpers/postgres.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { client, startServer } from '../helpers/server-process.js';
import { auth, expected, key, play, sorted } from './helpers.js';

t.test('3 nodes on PostgreSQL: exactly one delivery per event', async (t) => {
  const url = await postgresDatabase(t);
  if (url === undefined) {
    t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
    return;
  }
  const receiver = await startReceiver(t);
  const env = { WEBHOOK_ALLOW_HOSTS: new URL(receiver.url).host, WEBHOOK_POLL_MS: '20' };
  const apis = (await Promise.all([0, 1, 2].map(() => startServer(t, url, env)))).map((s) => client(s.url));
  const games = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const game = (
        await apis[i % 3].post('/games', {
          players: [{ name: 'Ann' }, { name: 'Bob' }],
          seed: `cluster-${i}`,
          webhook: { url: receiver.url },
        })
      ).body;
      receiver.secrets.set(game.id, game.webhook.secret);
      // Each game's moves go through the three nodes in turn, all games at once.
      const played = await play(
        [...apis.slice(i % 3), ...apis.slice(0, i % 3)],
        game.id,
        game.seats.map((s: { token: string }) => s.token),
        24,
      );
      return { game, want: [expected('seatMustAct', 0, 0), ...played.expected] };
    }),
  );
  const total = games.reduce((n, g) => n + g.want.length, 0);
  await receiver.until((r) => r.length >= total);
  for (const { game, want } of games) {
    // Settled as delivered everywhere: no node sends any of them again.
    for (;;) {
      const list = (await apis[2].get(`/games/${game.id}/webhook/deliveries`, auth(game.adminToken))).body
        .deliveries as { status: string }[];
      if (list.length === want.length && list.every((d) => d.status === 'delivered')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    t.same(
      sorted(receiver.received.filter((d) => d.gameId === game.id).map(key)),
      sorted(want),
      `${game.id}: each event delivered once`,
    );
  }
  t.equal(receiver.received.length, total, `${total} deliveries in all, none twice`);
  t.ok(
    receiver.received.every((d) => d.verified),
    'every one signed',
  );
});
