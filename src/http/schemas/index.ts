/**
 * The route schemas that name a registry's vocabulary (its moves, events, expansions, the state
 * with its view members), built from the registry an app is given, once per registry. buildApp
 * hands them to the route plugins, and each route declares them as they are: the schema in a
 * route's options is the one Fastify validates with, compiles its response serializer from and
 * documents (no hook rewrites it). The schemas that name nothing of a registry are the schema
 * modules' constants.
 */
import type { Registry } from '../../engine/index.js';
import { analysisSchemas } from './analysis.js';
import { eventSchemas } from './events.js';
import { gameSchemas } from './games.js';
import { hintSchemas } from './hint.js';
import { lobbySchemas } from './lifecycle.js';
import { moveSchemas } from './moves.js';
import { stateSchemas } from './state.js';
import { streamSchemas } from './stream.js';
import { tileSchemas } from './tiles.js';
import { vocabularyOf } from './vocabulary.js';

function build(registry: Registry) {
  const v = vocabularyOf(registry);
  const events = eventSchemas(v);
  return {
    ...stateSchemas(v),
    ...moveSchemas(v),
    ...events,
    ...gameSchemas(v),
    ...streamSchemas(v, events),
    ...lobbySchemas(v),
    ...analysisSchemas(v),
    ...hintSchemas(v),
    ...tileSchemas(v),
  };
}

export type RouteSchemas = ReturnType<typeof build>;

const built = new WeakMap<Registry, RouteSchemas>();

/** The route schemas of `registry`: the same objects for every app of that registry. */
export function routeSchemas(registry: Registry): RouteSchemas {
  let schemas = built.get(registry);
  if (!schemas) {
    schemas = build(registry);
    built.set(registry, schemas);
  }
  return schemas;
}
