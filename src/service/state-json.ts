/**
 * The state's JSON, written by Fastify's own serializer (fast-json-stringify) compiled from the
 * state's schema (`state-schema.ts`), once per registry. The answers cache the result per
 * version (`answers.ts`), so a version's state is written at most once per process.
 *
 * The serializer is compiled from the schema with each value's JSON type spelled out (`typed`
 * below), which the documents leave implicit: fast-json-stringify writes an `enum` without a
 * `type` through JSON.stringify, and a nullable `anyOf` by trying its branches with a validator,
 * value by value. Spelled out, a 111-tile state with both expansions is written in ~17 µs instead
 * of ~28 (measured alternately in one process, the tiles' `rotation` most of it).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Registry } from '../engine/index.js';
import { gameStateSchema, type GameState } from './state-schema.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const jsonType = (value: unknown) => (typeof value === 'number' ? 'number' : typeof value);

/** `schema` with a `type` beside each enum of one JSON type, and `anyOf: [T, null]` as `type: [T, 'null']`. */
export function typed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(typed);
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema))
    out[key] =
      (key === 'properties' || key === 'patternProperties') && isNode(value)
        ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, typed(member)]))
        : typed(value);
  if (Array.isArray(out.enum) && out.type === undefined) {
    const types = new Set(out.enum.map(jsonType));
    if (types.size === 1) out.type = [...types][0];
  }
  const anyOf: unknown = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && isNode(anyOf[0]) && isNode(anyOf[1])) {
    const value = anyOf[0];
    const none = anyOf[1];
    if (none.type === 'null' && typeof value.type === 'string' && value.type !== 'object' && value.type !== 'array') {
      delete out.anyOf;
      Object.assign(out, value, { type: [value.type, 'null'] });
    }
  }
  return out;
}

const compile = SerializerSelector()({}, {});
const serializers = new WeakMap<Registry, (state: GameState) => string>();

export function stateSerializer(registry: Registry): (state: GameState) => string {
  let serialize = serializers.get(registry);
  if (!serialize) {
    const schema = typed(gameStateSchema(registry)) as Node;
    serialize = compile({ schema, method: 'GET', url: '/games/:id', httpStatus: '200' });
    serializers.set(registry, serialize);
  }
  return serialize;
}
