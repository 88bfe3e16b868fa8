import { problems } from '../schemas/common.js';
import { HealthResponse } from '../schemas/health.js';
import type { App } from '../types.js';

export function healthRoutes(app: App): void {
  app.get('/health', { schema: { tags: ['service'], summary: 'Liveness', response: { 200: HealthResponse, ...problems(400) } } }, () => ({
    status: 'ok' as const,
  }));
}
