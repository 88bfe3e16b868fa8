/** The post-game analysis's schemas (`service/analysis/analyses.ts`, `docs/analysis.md`). */
import { Type } from 'typebox';
import type { Vocabulary } from './vocabulary.js';

const Chances = Type.Array(Type.Number({ minimum: 0, maximum: 1 }), {
  description: "Each seat's estimated chance to win, in seat order; they sum to 1",
});
const Errors = Type.Array(Type.Number({ minimum: 0 }), {
  description:
    "The standard error of each seat's chance, in seat order (the band a reader may trust it within: about ±2 of them)",
});
const Chance = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
const Loss = Type.Number({
  minimum: 0,
  description:
    "The chance the seat lost by its move: the best move's chance minus the played move's, both estimated in the same position with the same random numbers (0 when it played the best)",
});
const LossSe = Type.Number({ minimum: 0, description: 'The standard error of `loss`' });

/** A finished game's analysis, its moves the app registry's. */
export const analysisSchemas = (v: Vocabulary) => ({
  AnalysisResponse: Type.Object(
    {
      status: Type.Literal('ready'),
      gameId: Type.String(),
      start: Chances,
      startSe: Errors,
      decisions: Type.Array(
        Type.Object({
          decision: Type.Integer({ description: "The index of the move among the game's moves" }),
          version: Type.Integer({
            description: "The version the move reached (acts of the log counted): the replay's position",
          }),
          seat: Type.Integer(),
          move: v.Move,
          chances: { ...Chances, description: "Each seat's chance after the decision (the tiles it drew included)" },
          se: Errors,
          best: Type.Optional(v.Move), // the analysis' best move there, when the one played was not it
          loss: Loss,
          lossSe: LossSe,
          luck: Type.Array(Type.Number({ minimum: -1, maximum: 1 }), {
            description:
              "Each seat's change of chance from the tiles the move drew (the chances after it minus those the played move had before the draw): luck, never a mistake; zeros when it drew none",
          }),
        }),
      ),
      turningPoints: Type.Array(
        Type.Object({
          decision: Type.Integer(),
          version: Type.Integer(),
          seat: Type.Integer(),
          move: v.Move, // the move played
          best: v.Move, // the analysis' best move there
          before: Chance("The seat's chance before its move (with the best move)"),
          played: Chance('Its chance with the move played, before the draw'),
          after: Chance('Its chance after the move and the tiles it drew'),
          loss: Loss,
          lossSe: LossSe,
        }),
        {
          description:
            'The mistakes that lost their seat the most chance (at least 2 points and twice their standard error), in game order; at most 5',
        },
      ),
      slides: Type.Array(
        Type.Object({
          seat: Type.Integer(),
          from: Type.Integer({ description: 'The first decision of the slide' }),
          to: Type.Integer({ description: 'and its last' }),
          fromVersion: Type.Integer(),
          toVersion: Type.Integer(),
          before: Chance("The seat's chance before the slide"),
          after: Chance('and after it'),
          mistakes: Type.Number({
            minimum: 0,
            description: "What the seat's own mistakes in it lost (a sum of losses)",
          }),
          luck: Type.Number({
            description: 'What the draws did to the seat in it (a sum of changes; negative: bad luck)',
          }),
        }),
        {
          description:
            "Each seat's largest fall over many decisions (at least 25 points over at least 6 decisions), if any, split into its own mistakes and luck",
        },
      ),
      playouts: Type.Object(
        { median: Type.Integer(), max: Type.Integer() },
        { description: 'Look-aheads per candidate move at a position: more where the choice was close' },
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
