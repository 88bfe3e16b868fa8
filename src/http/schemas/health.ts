import { Type } from 'typebox';

const HEALTH = {
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], { description: '`degraded` (with status 503) while the store refuses writes' }),
  store: Type.Union([Type.Literal('ok'), Type.Literal('full'), Type.Literal('unavailable')], {
    description: 'Whether the store takes writes: `full` (the disk), `unavailable` (read-only or unreachable)',
  }),
};

export const HealthResponse = Type.Object(HEALTH, { title: 'Health' });
