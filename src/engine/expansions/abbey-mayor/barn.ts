/**
 * The barn (docs/rules.md §5): placed on a corner of the new tile where four tiles meet with only
 * field at that corner; it scores the farmers of its field at once, farmers can never enter
 * a barn field again, and joining a farmer field to a barn field scores the farmers.
 */
import type { PlacedTile } from '../../board.js';
import type { FigureRule, MoveSpec } from '../../expansion.js';
import { stepMoves } from '../../figure-step.js';
import { CORNER_DX, CORNER_DY, keyOf, mirrorX, mirrorXY, mirrorY } from '../../geometry.js';
import type { Occupancy } from '../../occupancy.js';
import { positions, scoreFarmers } from '../../scoring.js';
import { isInt, isOneOf } from '../../shape.js';
import type { Figure, State } from '../../state.js';
import { addFigure } from '../../turn-api.js';
import { CORNERS, type Corner, type GameEvent, type Move, type RuleViolation } from '../../types.js';
import { violation } from '../../violation.js';

/** Not a follower; stays when its field is scored; keeps farmers out. */
export const BARN: FigureRule = {
  strength: null,
  permanent: true,
  excludesFollowers: violation('FIELD_HAS_BARN', 'a farmer may not enter a field with a barn'),
};

const cornerField = (t: PlacedTile, c: number): number => t.type.rot[t.r].cornerField[c];

/** Field at the corner `c` of the tile at `key`, if a tile is there. */
function fieldAt(g: State, key: number, c: number): boolean {
  const o = g.board.get(key);
  return o !== undefined && cornerField(o, c) >= 0;
}

/** The field segment of the tile at the corner, if the corner is a legal barn spot. */
function barnSegment(g: State, t: PlacedTile, c: number): number {
  const own = cornerField(t, c);
  if (own < 0) return -1;
  const dx = CORNER_DX[c],
    dy = CORNER_DY[c];
  const ok =
    fieldAt(g, keyOf(t.x + dx, t.y), mirrorX(c)) &&
    fieldAt(g, keyOf(t.x, t.y + dy), mirrorY(c)) &&
    fieldAt(g, keyOf(t.x + dx, t.y + dy), mirrorXY(c));
  return ok ? t.base + own : -1;
}

export function barnMoves(g: State, occ: Occupancy, out: Move[]): void {
  if (g.supply.count(g.active, 'barn') <= 0) return;
  const t = g.placedTile();
  for (let c = 0; c < 4; c++) {
    const seg = barnSegment(g, t, c);
    if (seg >= 0 && !occ.holds(g.find(seg), 'barn'))
      out.push({ type: 'placeBarn', x: t.x, y: t.y, corner: CORNERS[c] });
  }
}

/** The barn figure a placeBarn move puts down, or why it may not. */
function barnFigure(g: State, x: number, y: number, corner: Corner, occ: Occupancy): Figure | RuleViolation {
  if (g.supply.count(g.active, 'barn') <= 0) return violation('NO_FIGURE_IN_SUPPLY', 'no barn left in supply');
  const t = g.placedTile();
  if (t.key !== keyOf(x, y))
    return violation('NOT_ON_NEW_TILE', 'the barn goes only on a corner of the tile just placed');
  const c = CORNERS.indexOf(corner);
  const seg = barnSegment(g, t, c);
  if (seg < 0)
    return violation('BARN_CORNER_INVALID', 'a barn needs four tiles meeting at that corner with only field there');
  if (occ.holds(g.find(seg), 'barn')) return violation('FIELD_HAS_BARN', 'that field already holds a barn');
  return { owner: g.active, kind: 'barn', seg, key: t.key, feature: seg - t.base, corner: c };
}

export const placeBarn: MoveSpec<'placeBarn', 'placeFigure'> = {
  phases: ['placeFigure'],
  shape: (m) =>
    isInt(m.x) && isInt(m.y) && isOneOf(CORNERS, m.corner)
      ? null
      : 'placeBarn needs integer x, y and a corner NE, SE, SW or NW',
  apply(g, move, _phase, events) {
    const f = barnFigure(g, move.x, move.y, move.corner, g.occupancy());
    if ('code' in f) return f;
    const listed = stepMoves(g).some(
      (m) => m.type === 'placeBarn' && m.x === move.x && m.y === move.y && m.corner === move.corner,
    );
    if (!listed) return violation('ILLEGAL_MOVE', 'that barn placement is not allowed');
    addFigure(g, f, events);
    return null;
  },
};

/**
 * Scoring step (b): a field of the new tile holding farmers and a barn is scored at once —
 * 3 per city when the barn was just placed there, 1 when the tile joined it to a barn field.
 */
export function barnFieldScoring(g: State, events: GameEvent[], returning: Figure[]): void {
  const t = g.placedTile();
  // Runs at every scoring step; most of a game has no barn on the board.
  if (t.type.walled || g.figures.find('barn') === undefined) return;
  const occ = g.occupancy();
  const done: number[] = [];
  for (let i = 0; i < t.type.kinds.length; i++) {
    if (!g.isField(t.base + i)) continue;
    const root = g.find(t.base + i);
    if (!occ.holds(root, 'barn') || !occ.hasFollower(root) || done.includes(root)) continue;
    done.push(root);
    const fresh = g.newFigure?.kind === 'barn' && g.find(g.newFigure.seg) === root;
    returning.push(...scoreFarmers(g, root, fresh ? 3 : 1, fresh ? 'field' : 'barn-join', false, events));
  }
}

/** End of game: each barn owner scores 4 per completed city touching the field, once per field. */
export function barnFinalScoring(g: State, events: GameEvent[]): void {
  const done: number[] = [];
  for (const b of g.figures.list) {
    if (b.kind !== 'barn') continue;
    const root = g.find(b.seg);
    if (done.includes(root)) continue;
    done.push(root);
    const owners = [
      ...new Set(
        g
          .figuresOn(root)
          .filter((f) => f.kind === 'barn')
          .map((f) => f.owner),
      ),
    ].sort((a, c) => a - c);
    const cities = g.completedCitiesOf(root);
    const points = cities > 0 ? owners.map((seat) => ({ seat, points: 4 * cities })) : [];
    for (const p of points) g.scores[p.seat] += p.points;
    events.push({
      type: 'featureScored',
      kind: 'field',
      reason: 'barn',
      points,
      returned: [],
      final: true,
      tiles: positions(g, root),
    });
  }
}
