/**
 * Undo over HTTP (docs/rules.md §2.2, docs/api.md): listed in the figure step's legal moves,
 * accepted like any move, kept in the log and shown by the events and the stream, and replayed
 * exactly (a past version, and the whole log after a restart), on both stores.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { bearer, createGame, legal, testApp, type App, type CreatedGame } from '../helpers/app.js';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { openStream } from '../helpers/sse.js';
import { forEachStore } from '../../helpers/stores.js';

const { StreamMoveMessage } = SCHEMAS;

// P0 holds base/U (a straight road), then P1 base/B (a monastery).
const FIXED = { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/U', 'base/B', 'base/B'] };

async function move(app: App, game: CreatedGame, seat: number, expectedVersion: number, m: object) {
  return app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[seat].token),
    payload: { expectedVersion, move: m },
  });
}

forEachStore(t, (t, stores) => {
  t.test('undo is listed in the figure step, accepted, logged, streamed and replayed', async (t) => {
    const database = await stores.location(t);
    const app = await testApp(t, { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const game = await createGame(app, FIXED);
    const before = (await app.inject({ url: `/games/${game.id}` })).json();

    t.equal((await move(app, game, 0, 0, { type: 'placeTile', x: 1, y: 0, rotation: 90 })).statusCode, 201);
    const step = await legal(app, game.id);
    t.equal(step.phase, 'placeFigure');
    t.same(step.moves.slice(-2), [{ type: 'undo' }, { type: 'pass' }], 'listed just before the pass');

    const stream = await openStream(`${base}/games/${game.id}/stream?after=1`);
    t.teardown(() => stream.close());
    const wrongSeat = await move(app, game, 1, 1, { type: 'undo' });
    t.equal(wrongSeat.statusCode, 403, "another seat's token may not take the tile back");
    const undone = await move(app, game, 0, 1, { type: 'undo' });
    t.equal(undone.statusCode, 201);
    t.same(undone.json().events, [{ type: 'placementUndone', seat: 0, tile: 'base/U', x: 1, y: 0 }]);

    const message = await stream.next();
    t.equal(message.event, 'move');
    conforms(t, StreamMoveMessage, message.data, 'move message');
    t.match(message.data, { version: 2, seat: 0, move: { type: 'undo' }, actor: 0, phase: 'placeTile' });

    const after = (await app.inject({ url: `/games/${game.id}` })).json();
    const { version: v0, ...was } = before;
    const { version: v2, ...is } = after;
    t.same([v0, v2], [0, 2]);
    t.same(is, was, 'the state is the one before the placement, base/U in hand');
    t.equal((await move(app, game, 0, 2, { type: 'undo' })).statusCode, 422, 'nothing left to take back');

    const log = (await app.inject({ url: `/games/${game.id}/moves` })).json();
    t.same(
      log.moves.map((m: { move: { type: string } }) => m.move.type),
      ['placeTile', 'undo'],
    );
    const events = (await app.inject({ url: `/games/${game.id}/events?after=1` })).json();
    t.same(events.events[0].events, [{ type: 'placementUndone', seat: 0, tile: 'base/U', x: 1, y: 0 }]);

    // Placed elsewhere; then the past versions replay as they were.
    t.equal((await move(app, game, 0, 2, { type: 'placeTile', x: -1, y: 0, rotation: 90 })).statusCode, 201);
    t.equal((await move(app, game, 0, 3, { type: 'pass' })).statusCode, 201);
    const live = (await app.inject({ url: `/games/${game.id}` })).body;
    const atOne = (await app.inject({ url: `/games/${game.id}?version=1` })).json();
    t.same(
      atOne.tiles.map((p: { x: number; y: number }) => [p.x, p.y]),
      [
        [0, 0],
        [1, 0],
      ],
      'version 1 shows the tile where it stood before the undo',
    );
    const atTwo = (await app.inject({ url: `/games/${game.id}?version=2` })).json();
    t.same({ ...atTwo, version: 0 }, { ...was, version: 0 });

    // A restart: a new app on the same database replays the log, undo included.
    await app.close();
    const again = await testApp(t, { database });
    t.equal((await again.inject({ url: `/games/${game.id}` })).body, live);
  });
});
