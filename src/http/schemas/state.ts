import { Type } from 'typebox';
import { ENDGAME_ABBEYS, EXPANSIONS, PHASES, WAGON_MOVES } from '../../engine/index.js';
import { BoardFigure, GoodsCount } from './events.js';
import { ClockView, GameStatusSchema, SeatViewSchema } from './lifecycle.js';
import { MoveSchema, Rotation } from './moves.js';

const Int = Type.Integer();
const OptionalInt = Type.Optional(Int);

const RulesSchema = Type.Object({
  endgameAbbeys: Type.Enum([...ENDGAME_ABBEYS]),
  wagonMove: Type.Enum([...WAGON_MOVES]),
});

export const PlayerView = Type.Object(
  {
    seat: Int,
    name: Type.String(),
    score: Int,
    supply: Type.Object({
      meeple: OptionalInt,
      mayor: OptionalInt,
      wagon: OptionalInt,
      builder: OptionalInt,
      pig: OptionalInt,
      barn: OptionalInt,
    }),
    goods: Type.Optional(GoodsCount),
    abbey: Type.Optional(Type.Boolean({ description: 'Whether the seat still has its abbey' })),
  },
  { title: 'Player' },
);

const Phase = Type.Enum([...PHASES]);
const NullableSeat = Type.Union([Int, Type.Null()]);

export const GameStateSchema = Type.Object(
  {
    id: Type.String(),
    version: Type.Integer({ description: 'Entries of the log so far: moves and lifecycle acts' }),
    pile: Type.Enum(['seeded', 'fixed'], { description: '`fixed` when the creator gave the tile order, else drawn from the secret seed' }),
    seats: Type.Array(SeatViewSchema, { description: 'Who sits in each seat: a player, an open seat, a bot; and who resigned' }),
    clock: Type.Optional(ClockView),
    status: GameStatusSchema,
    expansions: Type.Array(Type.Enum([...EXPANSIONS])),
    rules: RulesSchema,
    players: Type.Array(PlayerView),
    scores: Type.Array(Int, { description: 'Scores in seat order' }),
    goods: Type.Optional(Type.Array(GoodsCount, { description: 'Goods per seat (Traders & Builders)' })),
    activeSeat: NullableSeat,
    actor: Type.Union([Int, Type.Null()], { description: 'The seat that must act now (for a wagon decision: its owner)' }),
    phase: Phase,
    drawnTile: Type.Union([Type.String(), Type.Null()]),
    bonusPart: Type.Boolean({ description: "True during the builder's second part of a turn" }),
    tiles: Type.Array(Type.Object({ tile: Type.String(), x: Int, y: Int, rotation: Rotation })),
    figures: Type.Array(BoardFigure),
    pendingWagons: Type.Array(Type.Object({ seat: Int, x: Int, y: Int })),
    tilesLeft: Type.Record(Type.String(), Int, { description: 'Tiles left in the pile per tile id' }),
    tilesLeftTotal: Int,
  },
  { title: 'GameState' },
);

export const LegalMovesResponse = Type.Object(
  {
    version: Int,
    actor: NullableSeat,
    phase: Phase,
    moves: Type.Array(MoveSchema),
  },
  { title: 'LegalMoves' },
);
