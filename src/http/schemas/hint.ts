import { Type } from 'typebox';
import { Seat } from './common.js';
import { MoveSchema } from './moves.js';

export const HintResponse = Type.Object(
  {
    version: Type.Integer({ minimum: 0, description: 'The version the hint is for (the game may have moved on while it was searched)' }),
    seat: Seat,
    move: MoveSchema,
    winRate: Type.Number({ minimum: 0, maximum: 1, description: "The mcts bot's estimated chance that the seat wins after this move (a draw counts half), from its look-ahead" }),
    iterations: Type.Integer({ minimum: 0, description: 'Search iterations behind the hint' }),
  },
  { title: 'Hint' },
);

export const HintHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
});
