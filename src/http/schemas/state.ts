import { Type } from 'typebox';
import { PHASES } from '../../engine/index.js';
import type { Vocabulary } from './vocabulary.js';

const Int = Type.Integer();
const Phase = Type.Enum([...PHASES]);
const NullableSeat = Type.Union([Int, Type.Null()]);

/** The state the API shows and the legal moves, of the app's registry. */
export const stateSchemas = (v: Vocabulary) => ({
  GameStateSchema: v.GameState,
  LegalMovesResponse: Type.Object(
    {
      version: Int,
      actor: NullableSeat,
      phase: Phase,
      moves: Type.Array(v.Move),
    },
    { title: 'LegalMoves' },
  ),
});
