import { Type } from 'typebox';

export const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { title: 'Health' });
