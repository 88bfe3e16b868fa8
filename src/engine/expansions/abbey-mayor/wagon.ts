/**
 * The wagon (docs/rules.md §6): after its feature was scored it waits for its owner's decision and
 * may move to an incomplete road, city, monastery or abbey holding no figure, with a segment
 * on the wagon's own tile or one of the 8 around it (C2), or connected to the scored feature
 * (C1, option wagonMove "c1"); or return to its owner's supply.
 */
import { ABBEY, CITY, ROAD, isCloister } from '../../catalog.js';
import type { MoveSpec } from '../../expansion.js';
import { AROUND, DIR_STEP, keyOf } from '../../geometry.js';
import type { Occupancy } from '../../occupancy.js';
import { figureView } from '../../scoring.js';
import { isInt } from '../../shape.js';
import type { Figure, HeldFigure, State } from '../../state.js';
import { pendingFigure, settleDecision } from '../../turn-api.js';
import { DECISION_PHASE, type GameEvent, type Move } from '../../types.js';
import { violation } from '../../violation.js';

/** An incomplete road, city or cloister without a figure (never a field, nor a feature of an expansion's own kind). */
function isTarget(g: State, root: number, occ: Occupancy): boolean {
  const k = g.features.kind[root];
  return (k === ROAD || k === CITY || isCloister(k)) && !occ.holdsAny(root) && !g.isComplete(root);
}

export function wagonTargets(g: State, w: HeldFigure): Move[] {
  switch (g.cfg.rules.wagonMove) {
    case 'c1':
      return connectedTargets(g, w);
    case 'c2':
      return nearbyTargets(g, w);
  }
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
  for (const s of g.features.membersOf(scored)) {
    const t = g.board.tile(g.features.tileOf[s]);
    const f = s - t.base;
    for (const group of t.type.def.wagonLinks) {
      if (!group.includes(f)) continue;
      for (const other of group) if (other !== f) consider(g.find(t.base + other));
    }
    // A road or city is connected to an abbey that closes it, and the abbey to it.
    const kind = g.features.kind[s];
    if (kind === ROAD || kind === CITY) {
      for (const d of t.type.rot[t.r].featureEdges[f]) {
        const nb = g.board.get(t.key + DIR_STEP[d]);
        if (nb?.type.walled) consider(nb.base);
      }
    } else if (kind === ABBEY) {
      for (const root of g.closedBy(t.key)) consider(root);
    }
  }
  const out: Move[] = [];
  for (const root of roots) {
    const segs = isCloister(g.features.kind[root]) ? [root] : g.features.membersOf(root);
    for (const s of segs) {
      const t = g.board.tile(g.features.tileOf[s]);
      out.push({ type: 'moveWagon', x: t.x, y: t.y, feature: s - t.base });
    }
  }
  return out;
}

export const moveWagon: MoveSpec<'moveWagon', typeof DECISION_PHASE> = {
  phases: [DECISION_PHASE],
  shape: (m) => (isInt(m.x) && isInt(m.y) && isInt(m.feature) ? null : 'moveWagon needs integer x, y and feature'),
  apply(g, m, _phase, events) {
    const w = pendingFigure(g);
    const ok = wagonTargets(g, w).some(
      (t) => t.type === 'moveWagon' && t.x === m.x && t.y === m.y && t.feature === m.feature,
    );
    if (!ok) return violation('WAGON_TARGET_INVALID', 'the wagon cannot move there');
    const t = g.board.at(keyOf(m.x, m.y));
    const from = g.board.at(w.key);
    const f: Figure = {
      owner: w.owner,
      kind: w.kind,
      seg: t.base + m.feature,
      key: t.key,
      feature: m.feature,
      corner: -1,
    };
    events.push({ type: 'wagonMoved', seat: w.owner, from: { x: from.x, y: from.y }, to: figureView(g, f) });
    settleDecision(g, f, events);
    return null;
  },
};

export const returnWagon: MoveSpec<'returnWagon', typeof DECISION_PHASE> = {
  phases: [DECISION_PHASE],
  shape: () => null,
  apply(g, _move, _phase, events) {
    wagonReturned(g, pendingFigure(g), 'chosen', events);
    settleDecision(g, null, events);
    return null;
  },
};

export function wagonReturned(g: State, w: HeldFigure, reason: 'chosen' | 'no-target', events: GameEvent[]): void {
  const from = g.board.at(w.key);
  events.push({ type: 'wagonReturned', seat: w.owner, from: { x: from.x, y: from.y }, reason });
}
