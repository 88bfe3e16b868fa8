import { problems } from '../schemas/common.js';
import { tileCatalog } from '../../engine/index.js';
import { TileCatalogResponse } from '../schemas/tiles.js';
import type { App } from '../types.js';

export function tileRoutes(app: App): void {
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
