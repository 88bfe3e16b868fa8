/**
 * The expansion registry's vocabulary as the HTTP schemas use it. An app serves the registry it
 * is given, so the route schemas that name moves, events, expansions or the state are built from
 * it (`index.ts`, once per registry) and handed to the route plugins: what a route declares is
 * what Fastify validates, serializes and documents. The schemas are typed with the engine's
 * types (the default registry's), as the engine's own are.
 */
import { Type, type TUnsafe } from 'typebox';
import type { ExpansionId, GameEvent, Move, Registry } from '../../engine/index.js';
import { gameStateSchema, type GameStateSchema } from '../../service/state-schema.js';

export interface Vocabulary {
  readonly Move: TUnsafe<Move>;
  readonly GameEvent: TUnsafe<GameEvent>;
  readonly ExpansionId: TUnsafe<ExpansionId>;
  readonly GameState: GameStateSchema;
  /** What the registry's tiles add to a city and a road segment (GET /tiles). */
  readonly cityFlags: Registry['schemas']['cityFlags'];
  readonly roadFlags: Registry['schemas']['roadFlags'];
}

export function vocabularyOf(registry: Registry): Vocabulary {
  const { Move, GameEvent, ExpansionId, cityFlags, roadFlags } = registry.schemas;
  return {
    Move: Type.Unsafe<Move>(Move),
    GameEvent: Type.Unsafe<GameEvent>(GameEvent),
    ExpansionId: Type.Unsafe<ExpansionId>(ExpansionId),
    GameState: gameStateSchema(registry),
    cityFlags,
    roadFlags,
  };
}
