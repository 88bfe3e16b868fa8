import { readFileSync } from 'node:fs';
import t from 'tap';
import { execNode } from '../../helpers/child-env.js';
import { STATUS_BY_CODE } from '../../../src/http/problem.js';

const root = new URL('../../../', import.meta.url);
const doc = JSON.parse(readFileSync(new URL('openapi/openapi.json', root), 'utf8'));
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

t.test('redocly lint passes with the recommended rules', async (t) => {
  const bin = new URL('node_modules/.bin/redocly', root).pathname;
  const { stdout, stderr } = await execNode(bin, ['lint', 'openapi/openapi.json', '--format=summary'], {
    cwd: root.pathname,
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const out = stdout + stderr;
  t.notMatch(out, /^error/m, 'no errors');
  // The one warning left: the document names no license (the repository has none yet).
  const warnings = (out.match(/^warning\s+[\w-]+/gm) ?? []).filter((w) => !w.endsWith('info-license'));
  t.same(warnings, [], 'no warnings but info-license');
});

t.test('every operation has an operationId, a summary, security and described answers', async (t) => {
  const ids = new Set<string>();
  for (const { name, op } of operations) {
    t.ok(op.operationId, `${name} operationId`);
    t.notOk(ids.has(op.operationId), `${name} operationId unique`);
    ids.add(op.operationId);
    t.ok(op.summary, `${name} summary`);
    t.ok(Array.isArray(op.security), `${name} declares security`);
    for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
      t.not(response.description, 'Default Response', `${name} ${status} described`);
    }
  }
});

t.test('each error status lists every code the code table gives it', async (t) => {
  for (const [title, schema] of Object.entries(doc.components.schemas as Record<string, any>)) {
    const status = /^Problem(\d{3})$/.exec(title)?.[1];
    if (!status) continue;
    const expected = Object.entries(STATUS_BY_CODE)
      .filter(([, s]) => s === Number(status))
      .map(([code]) => code)
      .sort();
    t.same(schema.allOf[1].properties.code.enum, expected, title);
  }
  t.ok(doc.components.schemas.Problem422, 'the rules refusals have their type');
});

t.test('headers are documented where they are sent', async (t) => {
  const op = (path: string, method: string) => doc.paths[path][method];
  t.ok(op('/games', 'post').responses['201'].headers.Location);
  t.ok(op('/games/{id}', 'get').responses['200'].headers.ETag);
  t.ok(op('/games/{id}/moves', 'post').responses['201'].headers['Idempotent-Replayed']);
  t.ok(op('/games/{id}/moves', 'post').responses['201'].headers['Preference-Applied']);
  t.ok(op('/games/{id}/moves', 'post').responses['429'].headers['Retry-After']);
  t.ok(op('/games/{id}/moves', 'post').responses['401'].headers['WWW-Authenticate']);
  const prefer = op('/games/{id}/moves', 'post').parameters.find((p: any) => p.name === 'prefer');
  // Any preference is taken (RFC 7240), as validated; the two the answer follows are its examples.
  t.same(prefer.schema, { type: 'string' });
  t.same(Object.keys(prefer.examples), ['return=minimal', 'return=representation']);
  t.same(Object.keys(doc.components.schemas.Move.discriminator.mapping).sort(), [
    'draw',
    'moveWagon',
    'pass',
    'placeAbbey',
    'placeBarn',
    'placeFigure',
    'placeTile',
    'returnWagon',
    'undo',
  ]);
  t.equal(
    Object.keys(doc.components.schemas.GameEvent.discriminator.mapping).length,
    doc.components.schemas.GameEvent.anyOf.length,
  );
  t.ok(doc.servers?.length, 'servers is set');
});
