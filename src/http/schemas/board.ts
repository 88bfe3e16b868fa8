import { Type } from 'typebox';
import { TILE_PX } from '../../render/index.js';
import { Strict, VersionQuery } from './common.js';

const TilePx = Type.Integer({
  minimum: TILE_PX.min,
  maximum: TILE_PX.max,
  description: `Pixels per tile side (default ${TILE_PX.default}); the picture's width and height follow it`,
});

export const BoardQuery = Strict({
  tile: Type.Optional(TilePx),
  legal: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      description: '1: highlight the positions where the drawn tile (or an abbey) may be placed now',
    }),
  ),
  version: Type.Optional(VersionQuery),
});

export const TileSvgParams = Strict({
  set: Type.String({ minLength: 1, maxLength: 40, description: 'The tile id before the slash, e.g. `base`' }),
  name: Type.String({ minLength: 1, maxLength: 40, description: 'The tile id after the slash, e.g. `D`' }),
});

export const TileSvgQuery = Strict({
  // An integer schema (not an enum) so the query string's text is read as a number.
  rotation: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 270,
      multipleOf: 90,
      description: 'Clockwise degrees: 0, 90, 180 or 270 (default 0)',
    }),
  ),
  tile: Type.Optional(TilePx),
});

/** A picture answer in OpenAPI terms (its body is SVG text, never checked as JSON). */
export const svgResponse = (description: string) => ({
  description,
  content: { 'image/svg+xml': { schema: Type.String() } },
});

export const notModified = {
  description: 'The picture is unchanged since the ETag given in If-None-Match',
  type: 'null',
} as const;
