/**
 * Geometry in tile units (a tile is the unit square, x east, y south) and its SVG text.
 * Shapes are built once at rotation 0 and turned as data, so each rotation's picture is
 * computed from the same facts.
 */

export type Pt = readonly [number, number];

/** A path as commands over points: M and L take one point, Q a control point and an end. */
export type PathCmd = { op: 'M' | 'L'; p: Pt } | { op: 'Q'; c: Pt; p: Pt } | { op: 'Z' };
export type Path = readonly PathCmd[];

/** SVG user units per tile: coordinates come out as short integers or one decimal. */
export const UNIT = 100;

export const CENTRE: Pt = [0.5, 0.5];

/** The point turned clockwise by r quarter turns about the tile's centre (y grows south). */
export function turn(p: Pt, r: number): Pt {
  let [x, y] = p;
  for (let i = 0; i < r; i++) [x, y] = [1 - y, x];
  return [x, y];
}

export function turnPath(path: Path, r: number): Path {
  return path.map((c): PathCmd => {
    switch (c.op) {
      case 'M':
      case 'L':
        return { op: c.op, p: turn(c.p, r) };
      case 'Q':
        return { op: 'Q', c: turn(c.c, r), p: turn(c.p, r) };
      case 'Z':
        return c;
    }
  });
}

/** A number in user units, rounded to one decimal, without a trailing `.0`. */
export function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

const u = (v: number) => num(v * UNIT);
const pt = (p: Pt) => `${u(p[0])} ${u(p[1])}`;

export function pathData(path: Path): string {
  let d = '';
  for (const c of path) {
    switch (c.op) {
      case 'M':
      case 'L':
        d += `${c.op}${pt(c.p)}`;
        break;
      case 'Q':
        d += `Q${pt(c.c)} ${pt(c.p)}`;
        break;
      case 'Z':
        d += 'Z';
        break;
    }
  }
  return d;
}

/** Points along a path (quadratic pieces sampled), for the raster of fields and inside tests. */
export function sample(path: Path, steps = 8): Pt[] {
  const out: Pt[] = [];
  let at: Pt = [0, 0];
  for (const c of path) {
    switch (c.op) {
      case 'M':
      case 'L':
        out.push(c.p);
        at = c.p;
        break;
      case 'Q':
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const a = (1 - t) * (1 - t);
          const b = 2 * t * (1 - t);
          const d = t * t;
          out.push([a * at[0] + b * c.c[0] + d * c.p[0], a * at[1] + b * c.c[1] + d * c.p[1]]);
        }
        at = c.p;
        break;
      case 'Z':
        break;
    }
  }
  return out;
}

export function insidePolygon(poly: readonly Pt[], p: Pt): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function distanceToPolyline(line: readonly Pt[], p: Pt): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const dx = bx - ax;
    const dy = by - ay;
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len));
    best = Math.min(best, Math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy));
  }
  return best;
}

export const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
