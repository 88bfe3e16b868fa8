/** The post-game analysis's schemas (`service/analysis/analyses.ts`, `docs/analysis.md`). */
import { Type } from 'typebox';
import type { Vocabulary } from './vocabulary.js';

const Chances = Type.Array(Type.Number({ minimum: 0, maximum: 1 }), {
  description: "Each seat's estimated chance to win, in seat order; they sum to 1",
});

/** A finished game's analysis, its moves the app registry's. */
export const analysisSchemas = (v: Vocabulary) => ({
  AnalysisResponse: Type.Object(
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
          move: v.Move,
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
          played: v.Move,
          preferred: v.Move,
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
  ),
});

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
