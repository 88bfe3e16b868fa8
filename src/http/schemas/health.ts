import { Type } from 'typebox';

const HEALTH = {
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], {
    description: '`degraded` (with status 503) while the store refuses writes',
  }),
  store: Type.Union([Type.Literal('ok'), Type.Literal('full'), Type.Literal('unavailable')], {
    description: 'Whether the store takes writes: `full` (the disk), `unavailable` (read-only or unreachable)',
  }),
};

export const HealthyResponse = Type.Object(HEALTH, {
  title: 'Health',
  description: 'The node serves, and its store takes writes',
});
export const DegradedResponse = Type.Object(HEALTH, {
  title: 'Health',
  description:
    'The node serves reads, but its store refuses writes (`status: degraded`): a load balancer should take it out',
});
