import { readFileSync } from 'node:fs';
import t from 'tap';
import { generateOpenApi } from '../../../src/openapi.js';
import { testApp } from '../helpers/app.js';

const committedPath = new URL('../../../openapi/openapi.json', import.meta.url);

t.test('the committed openapi/openapi.json is what the app generates (run `npm run openapi`)', async (t) => {
  const generated = await generateOpenApi();
  const committed = readFileSync(committedPath, 'utf8');
  t.same(JSON.parse(committed), JSON.parse(generated), 'same document');
  t.equal(committed, generated, 'same bytes');
});

t.test('the document covers every endpoint of the contract with named schemas', async (t) => {
  const doc = JSON.parse(readFileSync(committedPath, 'utf8'));
  t.equal(doc.openapi, '3.1.0');
  const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  t.same(
    operations.sort(),
    [
      'GET /games',
      'GET /games/{id}',
      'GET /games/{id}/analysis',
      'GET /games/{id}/board.svg',
      'GET /games/{id}/events',
      'GET /games/{id}/hint',
      'GET /games/{id}/legal-moves',
      'GET /games/{id}/moves',
      'GET /games/{id}/stream',
      'GET /games/{id}/webhook',
      'GET /games/{id}/webhook/deliveries',
      'GET /health',
      'GET /tiles',
      'GET /tiles/{set}/{name}.svg',
      'POST /games',
      'POST /games/{id}/abort',
      'POST /games/{id}/moves',
      'POST /games/{id}/seats/{seat}/bot',
      'POST /games/{id}/seats/{seat}/join',
      'POST /games/{id}/seats/{seat}/resign',
      'POST /games/{id}/seats/{seat}/token',
      'POST /games/{id}/webhook/deliveries/{deliveryId}/redeliver',
      'PUT /games/{id}/webhook',
      'DELETE /games/{id}/webhook',
      'POST /accounts',
      'GET /accounts/me',
      'GET /accounts/{name}',
      'GET /accounts/me/keys',
      'POST /accounts/me/keys',
      'DELETE /accounts/me/keys/{keyId}',
      'GET /accounts/me/games',
      'GET /accounts/me/stream',
      'GET /accounts/me/events',
      'POST /challenges',
      'GET /challenges/{id}',
      'POST /challenges/{id}/accept',
      'POST /challenges/{id}/decline',
      'DELETE /challenges/{id}',
      'GET /accounts/me/challenges',
      'GET /accounts/me/policy',
      'PUT /accounts/me/policy',
      'GET /leaderboard',
      'PUT /accounts/me/webhook',
      'GET /accounts/me/webhook',
      'DELETE /accounts/me/webhook',
      'PUT /accounts/me/ladder',
      'GET /accounts/me/ladder',
      'DELETE /accounts/me/ladder',
      'GET /ladder',
      'GET /ladder/sprt',
    ].sort(),
  );
  for (const name of ['Move', 'GameEvent', 'GameState', 'LegalMoves', 'Problem', 'MoveSubmission', 'CreateGame']) {
    t.ok(doc.components.schemas[name], `components.schemas.${name}`);
  }
  const move = doc.paths['/games/{id}/moves'].post;
  t.same(Object.keys(move.responses).sort(), [
    '201',
    '400',
    '401',
    '403',
    '404',
    '409',
    '413',
    '415',
    '422',
    '429',
    '503',
    '507',
  ]);
  t.same(move.security, [{ seatToken: [] }, { accountKey: [] }]);
  const hint = doc.paths['/games/{id}/hint'].get;
  t.same(Object.keys(hint.responses).sort(), ['200', '400', '401', '403', '404', '409', '422', '429', '503']);
  t.same(hint.security, [{ seatToken: [] }, { accountKey: [] }]);
  t.ok(doc.components.schemas.Hint, 'components.schemas.Hint');
});

t.test('/docs/json serves the same document', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/docs/json' });
  t.same(res.json(), JSON.parse(readFileSync(committedPath, 'utf8')));
});
