import { Type } from 'typebox';
import { PHASES } from '../../engine/index.js';
import type { GameState } from '../../service/state-schema.js';
import { MoveSchema } from './moves.js';
import { vocabulary } from './vocabulary.js';

const Int = Type.Integer();

/** The state the API shows, of the app's registry (`vocabulary.ts`). */
export const GameStateSchema = vocabulary<GameState>('GameState');

const Phase = Type.Enum([...PHASES]);
const NullableSeat = Type.Union([Int, Type.Null()]);

export const LegalMovesResponse = Type.Object(
  {
    version: Int,
    actor: NullableSeat,
    phase: Phase,
    moves: Type.Array(MoveSchema),
  },
  { title: 'LegalMoves' },
);
