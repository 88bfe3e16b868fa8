import { tileCatalog } from '../../engine/index.js';
import { HealthResponse, TileCatalogResponse } from '../schemas/tiles.js';
import type { App } from '../types.js';

export function healthRoutes(app: App): void {
  app.get('/health', { schema: { tags: ['service'], summary: 'Liveness', response: { 200: HealthResponse } } }, () => ({
    status: 'ok' as const,
  }));
}

export function tileRoutes(app: App): void {
  app.get(
    '/tiles',
    {
      schema: {
        tags: ['tiles'],
        summary: 'The tile catalog: ids, counts per set, features with their edges at rotation 0',
        response: { 200: TileCatalogResponse },
      },
    },
    () => tileCatalog(),
  );
}
