/**
 * Where a wagon may go after its feature was scored (RULES 6): an incomplete road, city,
 * monastery or abbey holding no figure, with a segment on the wagon's own tile or one of
 * the 8 around it (C2), or connected to the scored feature (C1, option wagonMove "c1").
 */
import { ABBEY, CITY, FIELD, MONASTERY, ROAD } from '../../catalog.js';
import { AROUND, DIR_STEP } from '../../geometry.js';
import type { Occupancy } from '../../occupancy.js';
import type { HeldFigure, State } from '../../state.js';
import type { Move } from '../../types.js';

const isTarget = (g: State, root: number, occ: Occupancy): boolean =>
  g.segKind[root] !== FIELD && !occ.any.has(root) && !g.isComplete(root);

export function wagonTargets(g: State, w: HeldFigure): Move[] {
  return g.cfg.rules.wagonMove === 'c1' ? connectedTargets(g, w) : nearbyTargets(g, w);
}

function nearbyTargets(g: State, w: HeldFigure): Move[] {
  const occ = g.occupancy();
  const out: Move[] = [];
  for (const k of [w.key, ...AROUND.map((a) => w.key + a)]) {
    const t = g.board.get(k);
    if (!t) continue;
    for (let i = 0; i < t.type.kinds.length; i++) {
      if (isTarget(g, g.find(t.base + i), occ)) out.push({ type: 'moveWagon', x: t.x, y: t.y, feature: i });
    }
  }
  return out;
}

function connectedTargets(g: State, w: HeldFigure): Move[] {
  const occ = g.occupancy();
  const scored = g.find(w.seg);
  const roots: number[] = [];
  const consider = (root: number) => {
    if (!roots.includes(root) && root !== scored && isTarget(g, root, occ)) roots.push(root);
  };
  for (const s of g.members[scored]!) {
    const t = g.tiles[g.segTile[s]!]!;
    const f = s - t.base;
    for (const group of t.type.def.wagonLinks) {
      if (!group.includes(f)) continue;
      for (const other of group) if (other !== f) consider(g.find(t.base + other));
    }
    // A road or city is connected to an abbey that closes it, and the abbey to it.
    const kind = g.segKind[s];
    if (kind === ROAD || kind === CITY) {
      for (const d of t.type.rot[t.r]!.featureEdges[f]!) {
        const nb = g.board.get(t.key + DIR_STEP[d]!);
        if (nb?.type.abbey) consider(nb.base);
      }
    } else if (kind === ABBEY) {
      for (const root of g.closedByAbbey(t.key)) consider(root);
    }
  }
  const out: Move[] = [];
  for (const root of roots) {
    const kind = g.segKind[root];
    const segs = kind === MONASTERY || kind === ABBEY ? [root] : g.members[root]!;
    for (const s of segs) {
      const t = g.tiles[g.segTile[s]!]!;
      out.push({ type: 'moveWagon', x: t.x, y: t.y, feature: s - t.base });
    }
  }
  return out;
}
