import { problems } from '../schemas/common.js';
import { tileCatalog } from '../../engine/index.js';
import type { App, RouteOptions } from '../types.js';

export function tileRoutes(app: App, { schemas }: Pick<RouteOptions, 'schemas'>): void {
  const { TileCatalogResponse } = schemas;
  app.get(
    '/tiles',
    {
      schema: {
        tags: ['tiles'],
        summary: 'The tile catalog: ids, counts per set, features with their edges at rotation 0',
        response: { 200: TileCatalogResponse, ...problems(400) },
      },
    },
    () => tileCatalog(),
  );
}
