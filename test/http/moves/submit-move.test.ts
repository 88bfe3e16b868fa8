import Database from 'better-sqlite3';
import t from 'tap';
import { prefersMinimal } from '../../../src/http/routes/moves.js';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { bearer, createGame, legal, tempDatabase, testApp, type App, type CreatedGame } from '../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

const { MoveAcceptedMinimalResponse, MoveAcceptedResponse } = SCHEMAS;

const problem = /^application\/problem\+json/;

function post(app: App, game: CreatedGame, headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'POST', url: `/games/${game.id}/moves`, headers, payload: payload as object });
}

forEachStore(t, (t, stores) => {
  t.test('the actor posting a listed move gets 201 with the new version, its events and the state', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const lm = await legal(app, game.id);
    const move = lm.moves[0];
    const res = await post(app, game, bearer(game.seats[0].token), { expectedVersion: 0, move });
    t.equal(res.statusCode, 201);
    const body = res.json();
    conforms(t, MoveAcceptedResponse, body, 'accepted move');
    t.equal(body.version, 1);
    t.match(body.events, [{ type: 'tilePlaced', seat: 0, x: move.x, y: move.y, rotation: move.rotation }]);
    t.match(body.state, { version: 1, phase: 'placeFigure', actor: 0 });
    t.same((await app.inject({ url: `/games/${game.id}` })).json(), body.state, 'GET answers the same state');
  });

  t.test('refusals', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app, {
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      tileOrder: ['base/U', 'base/V', 'base/E'],
    });
    const other = await createGame(app);
    const lm = await legal(app, game.id);
    const move = lm.moves[0];
    const ann = bearer(game.seats[0].token);
    const before = (await app.inject({ url: `/games/${game.id}` })).body;

    const expectProblem = async (
      what: string,
      res: Awaited<ReturnType<typeof post>>,
      status: number,
      code: string,
    ): Promise<Record<string, unknown>> => {
      t.equal(res.statusCode, status, `${what}: status`);
      t.match(res.headers['content-type'], problem, `${what}: problem+json`);
      const body = res.json();
      t.match(body, { type: String, title: String, status, code, detail: String }, `${what}: problem body`);
      return body;
    };

    await t.test('401 without a token, or with one that is not a seat token', async () => {
      const missing = await post(app, game, {}, { expectedVersion: 0, move });
      await expectProblem('no token', missing, 401, 'TOKEN_MISSING');
      t.equal(missing.headers['www-authenticate'], 'Bearer');
      await expectProblem(
        'basic auth',
        await post(app, game, { authorization: 'Basic YTpi' }, { expectedVersion: 0, move }),
        401,
        'TOKEN_MALFORMED',
      );
      await expectProblem(
        'short token',
        await post(app, game, bearer('abc'), { expectedVersion: 0, move }),
        401,
        'TOKEN_MALFORMED',
      );
    });

    await t.test('403 with the token of another game, or of a seat that must not act', async () => {
      await expectProblem(
        'other game',
        await post(app, game, bearer(other.seats[0].token), { expectedVersion: 0, move }),
        403,
        'NOT_YOUR_GAME',
      );
      await expectProblem(
        'unknown token',
        await post(app, game, bearer('A'.repeat(43)), { expectedVersion: 0, move }),
        403,
        'NOT_YOUR_GAME',
      );
      await expectProblem(
        'not the actor',
        await post(app, game, bearer(game.seats[1].token), { expectedVersion: 0, move }),
        403,
        'NOT_YOUR_TURN',
      );
    });

    await t.test('404 for an unknown game', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/games/nope/moves',
        headers: ann,
        payload: { expectedVersion: 0, move },
      });
      await expectProblem('unknown game', res, 404, 'GAME_NOT_FOUND');
    });

    await t.test('409 with the current version for a stale or future expectedVersion', async () => {
      for (const expectedVersion of [1, 7]) {
        const body = await expectProblem(
          `expected ${expectedVersion}`,
          await post(app, game, ann, { expectedVersion, move }),
          409,
          'VERSION_CONFLICT',
        );
        t.equal(body.currentVersion, 0);
      }
    });

    await t.test('422 with the engine code and reason for a well-formed move the rules refuse', async () => {
      const occupied = await post(app, game, ann, {
        expectedVersion: 0,
        move: { type: 'placeTile', x: 0, y: 0, rotation: 0 },
      });
      await expectProblem('occupied', occupied, 422, 'POSITION_OCCUPIED');
      const far = await post(app, game, ann, {
        expectedVersion: 0,
        move: { type: 'placeTile', x: 5, y: 5, rotation: 0 },
      });
      await expectProblem('far away', far, 422, 'NOT_ADJACENT');
      const early = await post(app, game, ann, {
        expectedVersion: 0,
        move: { type: 'placeFigure', figure: 'meeple', x: 0, y: 0, feature: 0 },
      });
      const body = await expectProblem('figure before tile', early, 422, String(early.json().code));
      t.not(body.code, 'BAD_REQUEST');
      const builder = await post(app, game, ann, {
        expectedVersion: 0,
        move: { type: 'placeFigure', figure: 'builder', x: 0, y: 0, feature: 1 },
      });
      t.equal(builder.statusCode, 422, 'a figure of an expansion not in play');
    });

    await t.test('400 for malformed submissions', async () => {
      const cases: [string, unknown][] = [
        ['no expectedVersion', { move }],
        ['no move', { expectedVersion: 0 }],
        ['unknown member', { expectedVersion: 0, move, comment: 'hi' }],
        ['unknown move member', { expectedVersion: 0, move: { ...move, figure: 'meeple' } }],
        ['unknown move type', { expectedVersion: 0, move: { type: 'flip' } }],
        ['bad rotation', { expectedVersion: 0, move: { ...move, rotation: 45 } }],
        ['string coordinate', { expectedVersion: 0, move: { ...move, x: '1' } }],
        ['fractional coordinate', { expectedVersion: 0, move: { ...move, x: 1.5 } }],
        ['huge coordinate', { expectedVersion: 0, move: { ...move, x: 1e12 } }],
        ['negative version', { expectedVersion: -1, move }],
        ['bad corner', { expectedVersion: 0, move: { type: 'placeBarn', x: 0, y: 0, corner: 'N' } }],
        ['an array body', [0]],
      ];
      for (const [what, payload] of cases) {
        await expectProblem(what, await post(app, game, ann, payload), 400, 'BAD_REQUEST');
      }
      const badKey = await post(app, game, { ...ann, 'idempotency-key': 'has spaces' }, { expectedVersion: 0, move });
      await expectProblem('bad idempotency key', badKey, 400, 'BAD_REQUEST');
    });

    await t.test('413 for an oversized submission', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: { ...ann, 'content-type': 'application/json' },
        payload: JSON.stringify({ expectedVersion: 0, move, pad: 'x'.repeat(70_000) }),
      });
      await expectProblem('oversized', res, 413, 'PAYLOAD_TOO_LARGE');
    });

    t.equal((await app.inject({ url: `/games/${game.id}` })).body, before, 'no refused move changed anything');
    t.same((await app.inject({ url: `/games/${game.id}/moves` })).json(), { moves: [] });
  });

  t.test('a game whose pile runs out finishes, and then refuses moves with 422 GAME_FINISHED', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    // One tile in the pile: after it the game ends.
    const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/E'] });
    for (let i = 0; i < 10; i++) {
      const lm = await legal(app, game.id);
      if (lm.actor === null) break;
      const res = await post(app, game, bearer(game.seats[lm.actor].token), {
        expectedVersion: lm.version,
        move: lm.moves.at(-1),
      });
      t.equal(res.statusCode, 201);
    }
    const lm = await legal(app, game.id);
    t.match(lm, { actor: null, phase: 'finished', moves: [] });
    const state = (await app.inject({ url: `/games/${game.id}` })).json();
    t.equal(state.status, 'finished');
    const res = await post(app, game, bearer(game.seats[0].token), {
      expectedVersion: lm.version,
      move: { type: 'pass' },
    });
    t.equal(res.statusCode, 422);
    t.match(res.json(), { code: 'GAME_FINISHED' });
    const events = (await app.inject({ url: `/games/${game.id}/events` })).json();
    t.match(events.events.at(-1).events.at(-1), { type: 'gameEnded', scores: [Number, Number] });
  });

  t.test('a malformed move is explained against the move type it names', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const ann = bearer(game.seats[0].token);
    const detail = async (payload: unknown) => (await post(app, game, ann, payload)).json().detail;
    t.equal(
      await detail({ expectedVersion: 0, move: { type: 'placeTile', x: 1, y: 0, rotation: 45, spin: 1 } }),
      'body/move/rotation must be one of 0, 90, 180, 270, body/move/spin is not allowed',
    );
    t.equal(
      await detail({ expectedVersion: 0, move: { type: 'flip' } }),
      'body/move/type must be one of draw, placeTile, placeFigure, pass, undo, placeAbbey, placeBarn, moveWagon, returnWagon',
    );
    t.equal(
      await detail({ expectedVersion: 0, move: { type: 'placeBarn', x: 0, y: 0 } }),
      "body/move must have required property 'corner'",
    );
    t.equal(await detail({ expectedVersion: 0, move: { type: 'pass' }, note: 'x' }), 'body/note is not allowed');
  });

  t.test(
    'Prefer: return=minimal answers the version and events without the state, and the move is played all the same',
    async (t) => {
      const app = await testApp(t, { database: await stores.location(t) });
      const setup = { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'minimal' };
      const [full, minimal] = [await createGame(app, setup), await createGame(app, setup)];
      const move = (await legal(app, full.id)).moves[0];
      const fullAnswer = await post(app, full, bearer(full.seats[0].token), { expectedVersion: 0, move });
      const res = await post(
        app,
        minimal,
        { ...bearer(minimal.seats[0].token), prefer: 'respond-async, return=minimal' },
        { expectedVersion: 0, move },
      );
      t.equal(res.statusCode, 201);
      t.equal(res.headers['preference-applied'], 'return=minimal');
      t.equal(fullAnswer.headers['preference-applied'], undefined, 'no preference, none applied');
      conforms(t, MoveAcceptedMinimalResponse, res.json(), 'minimal answer');
      const { state, ...rest } = fullAnswer.json();
      t.same(res.json(), rest, 'the same version and events, without the state');
      const after = (await app.inject({ url: `/games/${minimal.id}` })).json();
      t.same({ ...after, id: full.id }, state, 'the state is what the full answer showed');

      const next = await legal(app, full.id);
      const keyed = { ...bearer(full.seats[next.actor!].token), 'idempotency-key': 'k1', prefer: 'return=minimal' };
      const submission = { expectedVersion: 1, move: next.moves[0] };
      const retried = await post(app, full, keyed, submission);
      t.equal(retried.statusCode, 201);
      const again = await post(app, full, keyed, submission);
      t.equal(again.headers['idempotent-replayed'], 'true');
      t.same(again.json(), retried.json(), 'a retry with the key answers the original, minimal too');
      t.notOk('state' in again.json());
    },
  );
});

t.test('only a return=minimal preference leaves the state out (RFC 7240)', async (t) => {
  const cases: [string, boolean][] = [
    ['return=minimal', true],
    ['RETURN = "minimal"', true],
    ['respond-async, return=minimal; foo=bar', true],
    ['return=representation', false],
    ['return=minimalist', false],
    ['handling=lenient; return=minimal', false],
    ['', false],
  ];
  for (const [header, minimal] of cases) t.equal(prefersMinimal(header), minimal, JSON.stringify(header));
  t.equal(prefersMinimal(undefined), false);
});

t.test(
  'a write lock another process holds too long answers 503 DATABASE_BUSY with Retry-After, and changes nothing',
  async (t) => {
    const path = tempDatabase(t);
    const app = await testApp(t, { databasePath: path, busyTimeoutMs: 20 });
    const game = await createGame(app);
    const lm = await legal(app, game.id);
    const before = (await app.inject({ url: `/games/${game.id}` })).body;
    const other = new Database(path);
    t.teardown(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const busy = await post(app, game, bearer(game.seats[lm.actor!].token), { expectedVersion: 0, move: lm.moves[0] });
    t.equal(busy.statusCode, 503);
    t.equal(busy.headers['retry-after'], '1');
    t.match(busy.headers['content-type'], problem);
    t.match(busy.json(), { status: 503, code: 'DATABASE_BUSY', retryAfter: 1 });
    t.equal((await app.inject({ url: `/games/${game.id}` })).body, before, 'reads go on, and see nothing changed');
    other.exec('ROLLBACK');
    const retried = await post(app, game, bearer(game.seats[lm.actor!].token), {
      expectedVersion: 0,
      move: lm.moves[0],
    });
    t.equal(retried.statusCode, 201, 'the same submission is taken once the lock is released');
  },
);
