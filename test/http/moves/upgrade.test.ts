/**
 * Upgrades: a database written by release 1 (`test/fixtures/db/release-1.db`, made by
 * `make-release-1.ts` before any later change) opens with the current code: the migrations
 * apply cleanly, every game reads as it did, keyed retries still answer, and games go on.
 */
import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import t from 'tap';
import { MIGRATIONS_FOLDER } from '../../../src/storage/sqlite/database.js';
import { bearer, tempDatabase, testApp } from '../helpers/app.js';

const fixture = fileURLToPath(new URL('../../fixtures/db/release-1.db', import.meta.url));
const expected = JSON.parse(readFileSync(new URL('../../fixtures/db/release-1.json', import.meta.url), 'utf8')) as {
  games: {
    label: string;
    id: string;
    tokens: string[];
    version: number;
    status: string;
    state: object;
    legalMoves: object;
  }[];
};

type Legal = { phase: string; moves: { type: string }[] };

/** Release 1's legal moves as today's engine lists them: a figure step has `undo` before its pass (docs/rules.md §2.2). */
const withUndo = (legal: Legal): Legal =>
  legal.phase === 'placeFigure'
    ? { ...legal, moves: [...legal.moves.slice(0, -1), { type: 'undo' }, ...legal.moves.slice(-1)] }
    : legal;

t.test('the release-1 database opens with the current code and its games go on', async (t) => {
  const path = tempDatabase(t);
  copyFileSync(fixture, path);
  const app = await testApp(t, { databasePath: path });

  const db = new Database(path, { readonly: true });
  t.teardown(() => db.close());
  const applied = (db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
  const migrations = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;
  t.equal(applied, migrations, `all ${migrations} migrations applied`);
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok');

  for (const game of expected.games) {
    const state = (await app.inject({ url: `/games/${game.id}` })).json();
    t.match(state, game.state, `${game.label}: the state reads as release 1 answered it`);
    t.same(
      (await app.inject({ url: `/games/${game.id}/legal-moves` })).json(),
      withUndo(game.legalMoves as Legal),
      'and the same legal moves (with the undo of a figure step, which release 1 did not have)',
    );
    const log = (await app.inject({ url: `/games/${game.id}/moves` })).json().moves as {
      seq: number;
      seat: number;
      move: object;
    }[];
    t.same(
      log.map((m) => m.seq),
      Array.from({ length: game.version }, (_, i) => i + 1),
      'the whole log',
    );

    if (game.version > 0) {
      // Release 1 stored an Idempotency-Key with the first move: a retry still answers it.
      const first = log[0];
      const retry = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: { ...bearer(game.tokens[first.seat]), 'idempotency-key': `fixture-${game.id}-0` },
        payload: { expectedVersion: 0, move: first.move },
      });
      t.equal(retry.statusCode, 201, 'a keyed retry of a release-1 move is answered');
      t.equal(retry.headers['idempotent-replayed'], 'true');
    }

    const lm = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
    if (game.status === 'finished') {
      const late = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: bearer(game.tokens[0]),
        payload: { expectedVersion: game.version, move: { type: 'pass' } },
      });
      t.match(late.json(), { code: 'GAME_FINISHED' }, 'a finished game stays finished');
      continue;
    }
    for (let i = 0; i < 5; i++) {
      const next = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
      const res = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: bearer(game.tokens[next.actor]),
        payload: { expectedVersion: next.version, move: next.moves[0] },
      });
      t.equal(res.statusCode, 201, `move ${next.version + 1} with a release-1 token`);
    }
    t.equal(lm.version, game.version);
  }
});
