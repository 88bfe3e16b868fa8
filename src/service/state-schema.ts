/**
 * The game's state as the API shows it: the engine's public view (its one schema,
 * `engine/view-schema.ts`, with the registry's expansion members) and the lifecycle's members
 * around it. One schema object per registry: the HTTP layer validates, documents and serializes
 * with it, the service's answers are compiled from it (`state-json.ts`), and `GameState` is its
 * type.
 */
import { Type, type Static } from 'typebox';
import type { PublicStateSchema, Registry } from '../engine/index.js';
import { ON_TIMEOUT, SeatViewSchema } from '../game-log.js';
import { GAME_STATUSES } from '../storage/game-store.js';

export const GameStatusSchema = Type.Enum([...GAME_STATUSES], {
  description: '`waiting` until every open seat is joined; `aborted` when the admin aborted it',
});

/** `rated`, wherever a game shows or asks for it: `more` says what it means there. */
export const RatedFlag = (more = '') =>
  Type.Boolean({ description: `The result counts for the accounts' ratings (\`docs/accounts.md\`)${more}` });

const NullableTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** The clock (docs/lifecycle.md): its settings as created, and where each seat's time stands. */
export const ClockView = Type.Object(
  {
    turnSeconds: Type.Optional(Type.Integer({ description: 'The limit of one turn, when the game has one' })),
    bankSeconds: Type.Optional(
      Type.Integer({ description: "Each seat's time bank at the start, when the game has one" }),
    ),
    incrementSeconds: Type.Optional(Type.Integer({ description: "Added to a seat's bank after each of its turns" })),
    onTimeout: Type.Enum([...ON_TIMEOUT], {
      description: '`autopilot`: the turn is played by its autopilot; `forfeit`: the seat resigns',
    }),
    deadline: NullableTime(
      "When the current player's time runs out: the turn's limit or the bank, the first (none on a bot's turn)",
    ),
    running: Type.Union([Type.Integer(), Type.Null()], { description: 'The seat whose time runs now' }),
    runningSince: NullableTime("When the running seat's time began to run (the start of its turn)"),
    banksMs: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          "Each seat's bank in milliseconds; the running seat's as at `runningSince` (a client subtracts the time since)",
      }),
    ),
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
      rated: RatedFlag('; the seats get no hints'),
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
