import { Type } from 'typebox';
import { hintSchema } from '../../service/bots/hints.js';
import type { Vocabulary } from './vocabulary.js';

/** The service's hint, as the route answers it: a move of the app's registry. */
export const hintSchemas = (v: Vocabulary) => ({ HintResponse: hintSchema(v.Move) });

export const HintHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
});
