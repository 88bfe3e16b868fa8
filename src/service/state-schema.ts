/**
 * The game's state as the API shows it: the engine's public view (its one schema,
 * `engine/view-schema.ts`, with the registry's expansion members) and the lifecycle's members
 * around it. One schema object per registry: the HTTP layer validates, documents and serializes
 * with it, the service's answers are compiled from it (`state-json.ts`), and `GameState` is its
 * type.
 */
import { Type, type Static } from 'typebox';
import type { PublicStateSchema, Registry } from '../engine/index.js';
import { SeatViewSchema } from '../game-log.js';
import { GAME_STATUSES } from '../storage/game-store.js';

export const GameStatusSchema = Type.Enum([...GAME_STATUSES], {
  description: '`waiting` until every open seat is joined; `aborted` when the admin aborted it',
});

export const ClockView = Type.Object(
  {
    turnSeconds: Type.Integer(),
    deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: "When the current player's turn runs out (none on a bot's turn)",
    }),
  },
  { title: 'ClockView' },
);

/** The state's schema of a registry whose view is `view`; the lifecycle's members first. */
const stateSchemaOf = (view: PublicStateSchema) =>
  Type.Object(
    {
      id: Type.String(),
      version: Type.Integer({ description: 'Entries of the log so far: moves and lifecycle acts' }),
      pile: Type.Enum(['seeded', 'fixed'], {
        description: '`fixed` when the creator gave the tile order, else drawn from the secret seed',
      }),
      seats: Type.Array(SeatViewSchema, {
        description: 'Who sits in each seat: a player, an open seat, a bot; and who resigned',
      }),
      clock: Type.Optional(ClockView),
      // The view's members in the view's order; the lifecycle's status replaces the engine's in its place.
      ...view.properties,
      status: GameStatusSchema,
    },
    { title: 'GameState' },
  );

export type GameStateSchema = ReturnType<typeof stateSchemaOf>;
/** The state the API shows (typed with the default registry's vocabulary). */
export type GameState = Static<GameStateSchema>;

const schemas = new WeakMap<Registry, GameStateSchema>();

/** The state's schema for a registry: its figures in the supplies, its expansions' members in the seats' and the game's view. */
export function gameStateSchema(registry: Registry): GameStateSchema {
  let schema = schemas.get(registry);
  if (!schema) {
    schema = stateSchemaOf(registry.schemas.PublicState);
    schemas.set(registry, schema);
  }
  return schema;
}
