/**
 * Board geometry. Positions are packed into one integer key so that board lookups are reads of
 * a grid by number (key-grid.ts); neighbours are key arithmetic. x grows east, y grows south.
 * Directions (0 = N … 3 = W) and corners (0 = NE … 3 = NW) are numbered clockwise, as the
 * DIRECTIONS and CORNERS tuples of types.ts list them.
 */
const SPAN = 1024;
const HALF = 512;
/** Coordinates beyond this can never touch a tile (at most ~120 tiles are ever placed). */
const MAX_COORD = 400;

export const keyOf = (x: number, y: number): number => (x + HALF) * SPAN + (y + HALF);
// Keys are positive and SPAN is 2^10, so shifts and masks take them apart.
export const xOf = (key: number): number => (key >> 10) - HALF;
export const yOf = (key: number): number => (key & (SPAN - 1)) - HALF;

export const inRange = (x: number, y: number): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && Math.abs(x) <= MAX_COORD && Math.abs(y) <= MAX_COORD;

/** Key step towards direction d. */
export const DIR_STEP = [-1, SPAN, 1, -SPAN] as const;
export const opposite = (d: number): number => (d + 2) & 3;

/** The 8 positions around a key (orthogonal and diagonal). */
export const AROUND = [-1, 1, SPAN, -SPAN, SPAN - 1, SPAN + 1, -SPAN - 1, -SPAN + 1] as const;

/** Step in x and y from a tile towards its corner. */
export const CORNER_DX = [1, 1, -1, -1] as const;
export const CORNER_DY = [-1, 1, 1, -1] as const;
/** The same corner point seen from the tile east/west of it, north/south of it, diagonal. */
export const mirrorX = (c: number): number => 3 - c;
export const mirrorY = (c: number): number => c ^ 1;
export const mirrorXY = (c: number): number => (c + 2) & 3;
