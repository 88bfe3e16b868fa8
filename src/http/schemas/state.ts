import { Type, type TSchema } from 'typebox';
import { ENDGAME_ABBEYS, PHASES, WAGON_MOVES, type Registry } from '../../engine/index.js';
import { RotationSchema } from '../../engine/schema-parts.js';
import type { GameState } from '../../service/answers.js';
import { ClockView, GameStatusSchema, SeatViewSchema } from './lifecycle.js';
import { MoveSchema } from './moves.js';
import { vocabulary } from './vocabulary.js';

const Int = Type.Integer();
const OptionalInt = Type.Optional(Int);

const RulesSchema = Type.Object({
  endgameAbbeys: Type.Enum([...ENDGAME_ABBEYS]),
  wagonMove: Type.Enum([...WAGON_MOVES]),
});

/** The state the API shows, of the app's registry (`vocabulary.ts`). */
export const GameStateSchema = vocabulary<GameState>('GameState');

const Phase = Type.Enum([...PHASES]);
const NullableSeat = Type.Union([Int, Type.Null()]);

/** The state's schema for a registry: its figures in the supplies, its expansions' members in the seats' and the game's view. */
export function gameStateSchema(registry: Registry): TSchema {
  const v = registry.schemas;
  const PlayerView = Type.Object(
    {
      seat: Int,
      name: Type.String(),
      score: Int,
      supply: Type.Object(Object.fromEntries(registry.figureKinds.map((kind) => [kind, OptionalInt]))),
      ...v.playerView,
    },
    { title: 'Player' },
  );
  return Type.Object(
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
      status: GameStatusSchema,
      expansions: Type.Array(v.ExpansionId),
      rules: RulesSchema,
      players: Type.Array(PlayerView),
      scores: Type.Array(Int, { description: 'Scores in seat order' }),
      ...v.gameView,
      activeSeat: NullableSeat,
      actor: Type.Union([Int, Type.Null()], {
        description: 'The seat that must act now (for a wagon decision: its owner)',
      }),
      phase: Phase,
      drawnTile: Type.Union([Type.String(), Type.Null()]),
      bonusPart: Type.Boolean({ description: "True during the builder's second part of a turn" }),
      tiles: Type.Array(Type.Object({ tile: Type.String(), x: Int, y: Int, rotation: RotationSchema })),
      figures: Type.Array(v.BoardFigure),
      pendingWagons: Type.Array(Type.Object({ seat: Int, x: Int, y: Int })),
      tilesLeft: Type.Record(Type.String(), Int, { description: 'Tiles left in the pile per tile id' }),
      tilesLeftTotal: Int,
    },
    { title: 'GameState' },
  );
}

export const LegalMovesResponse = Type.Object(
  {
    version: Int,
    actor: NullableSeat,
    phase: Phase,
    moves: Type.Array(MoveSchema),
  },
  { title: 'LegalMoves' },
);
