/**
 * Anchors for fields. A field is what is left of a tile once cities, roads and buildings are
 * drawn, so it is found on a raster: free cells split into connected regions, each field takes
 * the region its half-edges touch most (an inner field, with no half-edge, a region touching
 * no edge), and its anchor is the cell deepest inside that region. Run once per tile type.
 */
import type { FeatureArt, Mark } from './layout.js';
import { CENTRE, distanceToPolyline, dist, insidePolygon, type Pt, sample } from './svg.js';
import type { CatalogTile } from './types.js';

const N = 20;
const ROAD_CLEARANCE = 0.07;
const BUILDING_HALF = 0.2;

/** The cells (row, column ranges) along each half-edge, in the catalog's names. */
function halfEdgeCells(h: string): [number, number][] {
  const lo = Array.from({ length: N / 2 }, (_, i) => i);
  const hi = lo.map((i) => i + N / 2);
  switch (h) {
    case 'NL':
      return lo.map((c) => [0, c]);
    case 'NR':
      return hi.map((c) => [0, c]);
    case 'EL':
      return lo.map((r) => [r, N - 1]);
    case 'ER':
      return hi.map((r) => [r, N - 1]);
    case 'SL':
      return hi.map((c) => [N - 1, c]);
    case 'SR':
      return lo.map((c) => [N - 1, c]);
    case 'WL':
      return hi.map((r) => [r, 0]);
    case 'WR':
      return lo.map((r) => [r, 0]);
    default:
      return [];
  }
}

const cellCentre = (r: number, c: number): Pt => [(c + 0.5) / N, (r + 0.5) / N];

export function fieldAnchors(
  tile: CatalogTile,
  art: readonly (FeatureArt | undefined)[],
  marks: readonly Mark[],
  taken: Pt[],
): Map<number, Pt> {
  const cities = art.filter((a) => a?.kind === 'city').map((a) => sample(a!.path!));
  const roads = art.filter((a) => a?.kind === 'road').map((a) => a!.path!);
  // Each road piece starts with M: sample the pieces apart so no line joins two arms.
  const roadLines = roads.flatMap((p) => {
    const pieces: Pt[][] = [];
    for (let i = 0; i < p.length; i++) if (p[i].op === 'M') pieces.push(sample(p.slice(i, i + 2)));
    return pieces;
  });
  const cloister = art.some((a) => a?.kind === 'monastery' || a?.kind === 'abbey');
  // Lines of an expansion's own features (a river), each with its clearance.
  const own = art.flatMap((a) => a?.own?.lines ?? []).map((l) => ({ line: l.points, clearance: l.clearance }));

  const region = new Int16Array(N * N).fill(-1);
  const blocked = (p: Pt) =>
    cities.some((poly) => insidePolygon(poly, p)) ||
    roadLines.some((line) => distanceToPolyline(line, p) < ROAD_CLEARANCE) ||
    own.some((o) => distanceToPolyline(o.line, p) < o.clearance) ||
    (cloister && Math.abs(p[0] - 0.5) < BUILDING_HALF && Math.abs(p[1] - 0.5) < BUILDING_HALF) ||
    marks.some((m) => dist(m.at, p) < 0.09);
  const free = new Uint8Array(N * N);
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) free[r * N + c] = blocked(cellCentre(r, c)) ? 0 : 1;

  // Connected regions of free cells (4-neighbourhood), numbered in scan order.
  const regions: number[][] = [];
  for (let start = 0; start < N * N; start++) {
    if (!free[start] || region[start] !== -1) continue;
    const id = regions.length;
    const cells = [start];
    region[start] = id;
    for (let k = 0; k < cells.length; k++) {
      const i = cells[k];
      const r = Math.floor(i / N);
      const c = i % N;
      for (const [nr, nc] of [
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ] as const) {
        if (nr < 0 || nc < 0 || nr >= N || nc >= N) continue;
        const j = nr * N + nc;
        if (free[j] && region[j] === -1) {
          region[j] = id;
          cells.push(j);
        }
      }
    }
    regions.push(cells);
  }

  // Depth of each free cell: steps to the nearest blocked cell or out of the tile, found by
  // one breadth-first pass over the 8-neighbourhood (Chebyshev distance).
  const depth = new Int16Array(N * N).fill(-1);
  const queue: number[] = [];
  for (let i = 0; i < N * N; i++) {
    const r = Math.floor(i / N);
    const c = i % N;
    if (!free[i]) depth[i] = 0;
    else if (r === 0 || c === 0 || r === N - 1 || c === N - 1) depth[i] = 1;
    else continue;
    queue.push(i);
  }
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    const r = Math.floor(i / N);
    const c = i % N;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr < 0 || nc < 0 || nr >= N || nc >= N || depth[nr * N + nc] !== -1) continue;
        depth[nr * N + nc] = depth[i] + 1;
        queue.push(nr * N + nc);
      }
    }
  }
  const touchesEdge = (cells: number[]) =>
    cells.some((i) => {
      const r = Math.floor(i / N);
      const c = i % N;
      return r === 0 || c === 0 || r === N - 1 || c === N - 1;
    });
  const innerRegions = regions
    .map((cells, id) => ({ cells, id }))
    .filter((x) => !touchesEdge(x.cells))
    .sort((a, b) => b.cells.length - a.cells.length);

  const anchors = new Map<number, Pt>();
  let inner = 0;
  tile.features.forEach((f, i) => {
    if (f.kind !== 'field') return;
    let cells: number[] | undefined;
    if (f.halfEdges.length === 0) cells = innerRegions[inner++]?.cells;
    else {
      const votes = new Map<number, number>();
      for (const h of f.halfEdges)
        for (const [r, c] of halfEdgeCells(h)) {
          const id = region[r * N + c];
          if (id >= 0) votes.set(id, (votes.get(id) ?? 0) + 1);
        }
      let best = -1;
      for (const [id, n] of votes)
        if (best < 0 || n > votes.get(best)! || (n === votes.get(best)! && id < best)) best = id;
      cells = best >= 0 ? regions[best] : undefined;
    }
    // Deepest first; among equals the one nearest the region's middle, then scan order.
    const list = cells ?? [];
    const mid: Pt =
      list.length === 0
        ? CENTRE
        : [
            list.reduce((s, j) => s + (j % N), 0) / list.length,
            list.reduce((s, j) => s + Math.floor(j / N), 0) / list.length,
          ];
    const off = (j: number) => Math.hypot((j % N) - mid[0], Math.floor(j / N) - mid[1]);
    const ranked = list
      .slice()
      .sort((a, b) => depth[b] - depth[a] || off(a) - off(b) || a - b)
      .map((j) => cellCentre(Math.floor(j / N), j % N));
    const anchor = ranked.find((p) => taken.every((t) => dist(p, t) >= 0.16)) ?? ranked[0] ?? CENTRE;
    taken.push(anchor);
    anchors.set(i, anchor);
  });
  return anchors;
}
