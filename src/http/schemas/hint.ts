import { Type } from 'typebox';
import { HintSchema } from '../../service/bots/hints.js';

/** The service's hint, as the route answers it. */
export const HintResponse = HintSchema;

export const HintHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
});
