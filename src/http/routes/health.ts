import type { StoreHealth } from '../../service/store-health.js';
import { closeIfRefused } from '../problem.js';
import { problems } from '../schemas/common.js';
import { DegradedResponse, HealthyResponse } from '../schemas/health.js';
import type { App, RouteOptions } from '../types.js';

export function healthRoutes(app: App, { service }: RouteOptions): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness, and whether the store takes writes',
        description:
          'Answers 503 with `status: degraded` while writes fail (a full disk, a read-only database), so that a load balancer takes the node out.',
        response: { 200: HealthyResponse, 503: DegradedResponse, ...problems(400) },
      },
    },
    // Synchronous while the store is healthy: a load balancer's probe costs no query.
    (_request, reply) => {
      const answer = (health: StoreHealth): StoreHealth => {
        const status = health.status === 'ok' ? 200 : 503;
        closeIfRefused(reply, status);
        reply.code(status);
        return health;
      };
      const health = service.health();
      return health instanceof Promise ? health.then(answer) : answer(health);
    },
  );
}
