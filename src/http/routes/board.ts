import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tileCatalog, type LegalMoves, type Rotation } from '../../engine/index.js';
import { createRenderer, type Spot } from '../../render/index.js';
import { BoardQuery, notModified, svgResponse, TileSvgParams, TileSvgQuery } from '../schemas/board.js';
import { GameIdParams, IMMUTABLE, problems } from '../schemas/common.js';
import { HttpProblem } from '../problem.js';
import type { App, RouteOptions } from '../types.js';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/** Tile pictures are made once per type and rotation and kept by the renderer. */
const renderer = createRenderer(tileCatalog());

/**
 * Draws every tile at every rotation once, a tile per turn of the event loop, so requests are
 * held up by one tile's work at most. Without it the first board of a process paid for the
 * layout of each tile type it showed: measured on the 2-core machine (`npm run bench:first-board`),
 * the first full board answered in 190–830 ms against 7–22 ms for the next one.
 */
export async function warmBoardRenderer(): Promise<void> {
  for (const { id } of tileCatalog().tiles) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const rotation of [0, 90, 180, 270] as const) renderer.tile(id, { rotation });
  }
}

/** A strong ETag of the bytes: the picture is a pure function of its inputs. */
const etagOf = (svg: string) => `"${createHash('sha1').update(svg).digest('base64url')}"`;

/** Whether If-None-Match names this ETag (a list, `*`, or a weak form of it). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string, cacheControl: string): void {
  const etag = etagOf(svg);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matches(request.headers['if-none-match'], etag)) reply.code(304).send();
  else reply.code(200).type(SVG_TYPE).send(svg);
}

/** Distinct positions of the placements the actor may make now, in the engine's order. */
function legalSpots(moves: LegalMoves['moves']): Spot[] {
  const seen = new Set<string>();
  const spots: Spot[] = [];
  for (const m of moves) {
    if (m.type !== 'placeTile' && m.type !== 'placeAbbey') continue;
    const key = `${m.x},${m.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    spots.push({ x: m.x, y: m.y });
  }
  return spots;
}

export function boardRoutes(app: App, { service }: RouteOptions): void {
  app.get(
    '/games/:id/board.svg',
    {
      schema: {
        tags: ['games'],
        summary:
          'The board as an SVG picture: tiles, figures in seat colours, the last tile framed; `?version=N` draws it after move N',
        params: GameIdParams,
        querystring: BoardQuery,
        response: {
          200: svgResponse('The board (ETag; If-None-Match answers 304)'),
          304: notModified,
          ...problems(400, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { version } = request.query;
      if (version !== undefined && request.query.legal === 1)
        throw new HttpProblem('BAD_REQUEST', 'legal=1 marks the positions of now: it does not go with version');
      const state = version === undefined ? await service.state(id) : await service.stateAt(id, version);
      const legal = request.query.legal === 1 ? legalSpots((await service.legalMoves(id)).moves) : undefined;
      const svg = renderer.board(state, { tilePx: request.query.tile, legal });
      sendSvg(request, reply, svg, version === undefined ? 'no-cache' : IMMUTABLE);
    },
  );

  app.get(
    '/tiles/:set/:name.svg',
    {
      schema: {
        tags: ['tiles'],
        summary: 'One tile as an SVG picture (the id `base/D` is the path `/tiles/base/D.svg`)',
        params: TileSvgParams,
        querystring: TileSvgQuery,
        response: {
          200: svgResponse('The tile (ETag; If-None-Match answers 304)'),
          304: notModified,
          ...problems(400),
          404: { ...problems(404)[404], description: 'No such tile in the catalog' },
        },
      },
    },
    (request, reply) => {
      const id = `${request.params.set}/${request.params.name}`;
      const svg = renderer.tile(id, {
        rotation: request.query.rotation as Rotation | undefined,
        tilePx: request.query.tile,
      });
      if (svg === undefined)
        throw new HttpProblem('ROUTE_NOT_FOUND', `no tile ${id} in the catalog (GET /tiles lists them)`);
      sendSvg(request, reply, svg, 'public, max-age=3600');
    },
  );
}
