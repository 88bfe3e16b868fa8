import t from 'tap';
import { lazySerializers } from '../../../src/http/lazy-serializers.js';
import { testApp } from '../helpers/app.js';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });

t.test('a response serializer is compiled at its first answer, not when the route is registered', async (t) => {
  const compile = lazySerializers({}, {});
  // fast-json-stringify refuses a reference to nothing: only when asked to serialize.
  const broken = compile(route({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }));
  t.throws(() => broken({ a: 1 }), 'the refusal comes at the first answer');
  const serialize = compile(route({ type: 'object', properties: { a: { type: 'integer' } } }));
  t.equal(serialize({ a: 1, secret: 'x' }), '{"a":1}', "the schema's members only, as Fastify's own compiler does");
  t.equal(serialize({ a: 2 }), '{"a":2}', 'and again, compiled once');
});

t.test("the app built without a test's compilers answers through the lazy serializers", async (t) => {
  // testApp shares eager serializers between apps; `schemaController: undefined` takes the app's default.
  const app = await testApp(t, { schemaController: undefined });
  const res = await app.inject({ url: '/health' });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { status: 'ok', store: 'ok' });
});
