/**
 * The state's JSON, written by Fastify's own serializer (fast-json-stringify) compiled from the
 * state's schema (`state-schema.ts`), once per registry. The answers cache the result per
 * version (`answers.ts`), so a version's state is written at most once per process.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Registry } from '../engine/index.js';
import { gameStateSchema, type GameState } from './state-schema.js';

const compile = SerializerSelector()({}, {});
const serializers = new WeakMap<Registry, (state: GameState) => string>();

export function stateSerializer(registry: Registry): (state: GameState) => string {
  let serialize = serializers.get(registry);
  if (!serialize) {
    serialize = compile({ schema: gameStateSchema(registry), method: 'GET', url: '/games/:id', httpStatus: '200' });
    serializers.set(registry, serialize);
  }
  return serialize;
}
