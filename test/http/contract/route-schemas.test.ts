/**
 * A route's schema is what Fastify validates, serializes and documents: the route declares the
 * schema of its app's registry (`http/schemas/index.ts`), nothing rewrites it on the way, and the
 * OpenAPI document shows it. An app with the bells fixture's registry records every schema Fastify
 * compiles a validator or a serializer from, and each is checked against the route's declaration
 * and against the document.
 */
import type {} from '@fastify/swagger'; // app.swagger()'s type
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import t, { type Test } from 'tap';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { routeSchemas } from '../../../src/http/schemas/index.js';
import { buildValidator, type ValidatorFactory } from '../../../src/http/validator.js';
import type { SerializerFactory } from '../../../src/http/lazy-serializers.js';
import { BELLS_REGISTRY as registry } from '../../fixtures/bells/registry.js';
import { testApp } from '../helpers/app.js';

type Node = Record<string, unknown>;
interface Compiled {
  schema: TSchema;
  method: string;
  url: string;
  part: string;
}

const schemas = routeSchemas(registry);

/** The app of `registry`, and every schema its routes had compiled into validators and serializers. */
async function recordingApp(t: Test) {
  const validated: Compiled[] = [];
  const serialized: Compiled[] = [];
  const validators: ValidatorFactory = (external, options) => {
    const compile = buildValidator(external, options);
    return (route) => {
      validated.push({
        schema: route.schema,
        method: route.method!,
        url: route.url!,
        part: route.httpPart!,
      });
      return compile(route);
    };
  };
  const serializers: SerializerFactory = (external, options) => {
    const compile = SerializerSelector()(external, options);
    return (route) => {
      serialized.push({
        schema: route.schema as TSchema,
        method: route.method,
        url: route.url,
        part: route.httpStatus,
      });
      return compile(route);
    };
  };
  const app = await testApp(t, {
    registry,
    schemaController: { compilersFactory: { buildValidator: validators, buildSerializer: serializers } },
  });
  await app.ready();
  return { app, validated, serialized };
}

const find = (list: Compiled[], method: string, url: string, part: string) =>
  list.find((c) => c.method === method && c.url === url && c.part === part)?.schema;

t.test("the routes that name the registry's vocabulary are validated and serialized with its schemas", async (t) => {
  const { validated, serialized } = await recordingApp(t);
  const declared: [Compiled[], string, string, string, TSchema][] = [
    [validated, 'POST', '/games', 'body', schemas.CreateGameBody],
    [validated, 'POST', '/games/:id/moves', 'body', schemas.MoveSubmissionBody],
    [serialized, 'POST', '/games', '201', schemas.CreatedGameResponse],
    [serialized, 'GET', '/games/:id', '200', schemas.GameStateSchema],
    [serialized, 'GET', '/games/:id/legal-moves', '200', schemas.LegalMovesResponse],
    [serialized, 'POST', '/games/:id/moves', '201', schemas.MoveAnswerResponse],
    [serialized, 'GET', '/games/:id/moves', '200', schemas.MoveLog],
    [serialized, 'GET', '/games/:id/events', '200', schemas.EventsResponse],
    [serialized, 'GET', '/games', '200', schemas.LobbyResponse],
    [serialized, 'GET', '/games/:id/analysis', '200', schemas.AnalysisResponse],
    [serialized, 'GET', '/games/:id/hint', '200', schemas.HintResponse],
    [serialized, 'GET', '/tiles', '200', schemas.TileCatalogResponse],
  ];
  for (const [list, method, url, part, schema] of declared)
    t.equal(find(list, method, url, part), schema, `${method} ${url} ${part}: the declared schema object itself`);
  t.notOk(JSON.stringify(validated.map((v) => v.schema)).includes('vocabulary:'), 'no placeholder reaches a validator');
});

/**
 * The assertions of a schema, its `$ref`s into the document's components resolved and its
 * annotations left out; a `const` as the one-value `enum` and a record (`^.*$`) as the
 * `additionalProperties` the document writes them as.
 */
function assertions(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => assertions(s, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Node;
  if (typeof node.$ref === 'string') return assertions(components[node.$ref.split('/').at(-1)!], components);
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (['description', 'title', 'examples', 'discriminator'].includes(key)) continue;
    if (key === 'const') {
      out.enum = [value];
      continue;
    }
    if (key === 'patternProperties' && Object.keys(value as Node).join() === '^.*$') {
      out.additionalProperties = assertions((value as Node)['^.*$'], components);
      continue;
    }
    out[key] =
      key === 'properties' && typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, assertions(member, components)]))
        : assertions(value, components);
  }
  return out;
}

/** Headers OpenAPI describes elsewhere (security schemes, media types), never as parameters. */
const UNDOCUMENTED_HEADERS = ['authorization', 'content-type', 'accept'];
const PARAMETER_IN: Record<string, string> = { params: 'path', querystring: 'query', headers: 'header' };

t.test('the OpenAPI document shows what each route validates and serializes', async (t) => {
  const { app, validated, serialized } = await recordingApp(t);
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, Node>>;
    components: { schemas: Record<string, unknown> };
  };
  const components = doc.components.schemas;
  const operation = (method: string, url: string) =>
    doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] as
      | {
          requestBody?: { content: Record<string, { schema: unknown }> };
          parameters?: { in: string; name: string; required: boolean; schema: unknown }[];
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        }
      | undefined;
  const json = (schema: unknown) => assertions(JSON.parse(JSON.stringify(schema)), components);
  let compared = 0;
  for (const { schema, method, url, part } of validated) {
    const op = operation(method, url);
    if (op === undefined) continue; // a route the document leaves out (the web pages, /docs)
    if (part === 'body') {
      t.same(json(op.requestBody?.content['application/json']?.schema), json(schema), `${method} ${url} body`);
      compared++;
      continue;
    }
    const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
    const required = (schema as { required?: string[] }).required ?? [];
    const names = Object.keys(properties).filter((n) => part !== 'headers' || !UNDOCUMENTED_HEADERS.includes(n));
    const documented = (op.parameters ?? []).filter((p) => p.in === PARAMETER_IN[part]);
    t.same(documented.map((p) => p.name).sort(), [...names].sort(), `${method} ${url} ${part}: the parameters`);
    for (const name of names) {
      const p = documented.find((d) => d.name === name);
      t.same(
        [json(p?.schema), p?.required ?? false],
        [json(properties[name]), required.includes(name)],
        `${method} ${url} ${part} ${name}`,
      );
      compared++;
    }
  }
  for (const { schema, method, url, part } of serialized) {
    const op = operation(method, url);
    // The problems are documented with the codes each status carries (openapi-document.ts), narrower than their schema.
    if (op === undefined || Number(part) >= 400) continue;
    const content = op.responses[part]?.content;
    if (content === undefined) continue; // 304: no body
    const declared = (schema as { content?: Record<string, { schema: unknown }> }).content;
    for (const [type, media] of Object.entries(content)) {
      t.same(json(media.schema), json(declared ? declared[type]?.schema : schema), `${method} ${url} ${part} ${type}`);
      compared++;
    }
  }
  t.ok(compared > 60, `${compared} schemas compared`);
});

t.test("a request its route's declared schema refuses is refused, and one it takes is not", async (t) => {
  const { app, validated } = await recordingApp(t);
  const bodies = validated.filter((v) => v.part === 'body');
  t.ok(bodies.length >= 5, `${bodies.length} routes with a body`);
  for (const { schema, method, url } of bodies) {
    // A body whose members are all optional (an account's join, a decline, a policy) takes {}, not a stray member.
    const refused = Value.Check(schema, {}) ? { notAMember: true } : {};
    const shown = JSON.stringify(refused);
    t.notOk(Value.Check(schema, refused), `${method} ${url}: the declared schema refuses ${shown}`);
    const path = url.replace(':id', 'no-such-game').replace(':seat', '0').replace(':deliveryId', 'd1');
    const res = await app.inject({ method: method as 'POST', url: path, payload: refused });
    t.same([res.statusCode, res.json().code], [400, 'BAD_REQUEST'], `${method} ${url}: ${shown} is refused`);
  }
  const ring = { expectedVersion: 0, move: { type: 'ringBell' } };
  t.ok(Value.Check(schemas.MoveSubmissionBody, ring), "the bells registry's move body takes ringBell");
  const res = await app.inject({ method: 'POST', url: '/games/no-such-game/moves', payload: ring });
  t.not(res.statusCode, 400, 'and so does the route');
});
