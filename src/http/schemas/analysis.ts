/** The post-game analysis's schemas (`service/analysis/analyses.ts`, `docs/analysis.md`). */
import { Type } from 'typebox';
import { MoveSchema } from './moves.js';

const Chances = Type.Array(Type.Number({ minimum: 0, maximum: 1 }), {
  description: "Each seat's estimated chance to win, in seat order; they sum to 1",
});

export const AnalysisResponse = Type.Object(
  {
    status: Type.Literal('ready'),
    gameId: Type.String(),
    start: Chances,
    decisions: Type.Array(
      Type.Object({
        decision: Type.Integer({ description: "The index of the move among the game's moves" }),
        version: Type.Integer({
          description: "The version the move reached (acts of the log counted): the replay's position",
        }),
        seat: Type.Integer(),
        move: MoveSchema,
        chances: Chances,
      }),
    ),
    turningPoints: Type.Array(
      Type.Object({
        decision: Type.Integer(),
        version: Type.Integer(),
        seat: Type.Integer(),
        before: Type.Number({ description: "The seat's chance before its move" }),
        after: Type.Number({ description: 'and after' }),
        played: MoveSchema,
        preferred: MoveSchema,
      }),
      {
        description:
          "The moves that changed their seat's chance most, in game order, with the move the mcts bot preferred there",
      },
    ),
    workerMs: Type.Integer({ description: 'Worker time the analysis took' }),
    computedAt: Type.String(),
  },
  { title: 'Analysis' },
);

export const AnalysisRunningResponse = Type.Object(
  {
    status: Type.Literal('running'),
    progress: Type.Object({
      done: Type.Integer(),
      total: Type.Integer({ description: 'Positions to evaluate (0: not known on this node yet)' }),
    }),
  },
  { title: 'AnalysisRunning' },
);
