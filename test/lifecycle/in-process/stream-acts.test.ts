/** Acts in the stream: each is a `move` message (the act without its secret); an abort ends the stream. */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { bearer, testApp } from '../../http/helpers/app.js';
import { conforms } from '../../http/helpers/schema.js';
import { openStream } from '../../http/helpers/sse.js';
import { SCHEMAS } from '../../http/helpers/schema.js';

const { StreamMoveMessage } = SCHEMAS;

t.test('a join and an abort stream as entries of the log; the abort ends the stream', async (t) => {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const game = (
    await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { open: true }] } })
  ).json();
  const stream = await openStream(`${base}/games/${game.id}/stream`);
  t.teardown(() => stream.close());
  t.match((await stream.next()).data, { version: 0, actor: null, state: { status: 'waiting' } });

  await app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/join`, payload: { name: 'Bo' } });
  const joined = await stream.next();
  conforms(t, StreamMoveMessage, joined.data, 'the join');
  t.match(joined.data, { version: 1, seat: 1, move: { type: 'seatJoined', seat: 1, name: 'Bo' }, actor: 0 });
  t.notOk('tokenHash' in joined.data.move, 'without the token hash');
  t.same(joined.data.events, [{ type: 'seatJoined', seat: 1, name: 'Bo' }]);

  await app.inject({ method: 'POST', url: `/games/${game.id}/abort`, headers: bearer(game.adminToken) });
  const aborted = await stream.next();
  t.match(aborted.data, { version: 2, move: { type: 'gameAborted' }, actor: null });
  await stream.ended;
  const again = await openStream(`${base}/games/${game.id}/stream`);
  t.match((await again.next()).data, { version: 2, actor: null, state: { status: 'aborted' } });
  await again.ended;
});
