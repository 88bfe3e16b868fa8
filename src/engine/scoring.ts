/**
 * Scoring of features: completed ones during the game and incomplete ones at the end,
 * fields by farmers, with majorities and ties. Functions add points to the state and
 * return the figures standing on what they scored; the caller decides when they go home.
 */
import { ABBEY, CITY, FIELD, KIND_NAMES, MONASTERY, ROAD } from './catalog.js';
import { strengthOf } from './figures.js';
import { CORNER_NAMES } from './geometry.js';
import type { Figure, State } from './state.js';
import { isFollower } from './state.js';
import type { BoardFigure, GameEvent, PlaceableFigure, Pos, ScoreReason, SeatPoints } from './types.js';

export function figureView(g: State, f: Figure): BoardFigure {
  const t = g.board.get(f.key)!;
  return f.kind === 'barn'
    ? { owner: f.owner, kind: f.kind, x: t.x, y: t.y, corner: CORNER_NAMES[f.corner]! }
    : { owner: f.owner, kind: f.kind, x: t.x, y: t.y, feature: f.feature };
}

const positions = (g: State, root: number): Pos[] => g.featureTiles(root).map((t) => ({ x: t.x, y: t.y }));

/** Seats with the highest strength above 0. */
export function majority(strength: number[]): number[] {
  let best = 0;
  for (const s of strength) if (s > best) best = s;
  if (best === 0) return [];
  const out: number[] = [];
  strength.forEach((s, seat) => { if (s === best) out.push(seat); });
  return out;
}

function award(g: State, seats: number[], pointsOf: (seat: number) => number): SeatPoints[] {
  const out: SeatPoints[] = [];
  for (const seat of seats) {
    const points = pointsOf(seat);
    if (points <= 0) continue;
    g.scores[seat] += points;
    out.push({ seat, points });
  }
  return out;
}

/** The value of a road, city or cloister covering `tiles` tiles: complete, or at the end. */
function featureValue(g: State, root: number, tiles: number, final: boolean): number {
  switch (g.segKind[root]!) {
    case ROAD: return tiles;
    case CITY: return final ? tiles + g.pennants[root]! : 2 * (tiles + g.pennants[root]!);
    case MONASTERY:
    case ABBEY: return final ? tiles : 9;
    default: return 0;
  }
}

/** Scores a road, city, monastery or abbey by follower majority. */
export function scoreFeature(g: State, root: number, final: boolean, events: GameEvent[]): Figure[] {
  const figs = g.figuresOn(root);
  const strength = new Array<number>(g.players).fill(0);
  for (const f of figs) if (isFollower(f.kind)) strength[f.owner] += strengthOf(g, f.kind as PlaceableFigure, root);
  const tiles = g.featureTiles(root);
  const value = featureValue(g, root, tiles.length, final);
  const points = award(g, majority(strength), () => value);
  const kind = KIND_NAMES[g.segKind[root]!]!;
  events.push({
    type: 'featureScored', kind, tiles: tiles.map((t) => ({ x: t.x, y: t.y })), reason: kind as ScoreReason, points,
    returned: final ? [] : figs.map((f) => figureView(g, f)), final,
  });
  return figs;
}

/**
 * Scores a field for its farmers: the majority gets perCity points per completed city it
 * touches, plus any expansion bonus (the pig). Returns farmers and pigs standing there.
 */
export function scoreFarmers(
  g: State, root: number, perCity: number, reason: ScoreReason, final: boolean, events: GameEvent[],
): Figure[] {
  const figs = g.figuresOn(root).filter((f) => f.kind !== 'barn');
  const strength = new Array<number>(g.players).fill(0);
  for (const f of figs) if (f.kind === 'meeple') strength[f.owner] += 1;
  const cities = g.completedCitiesOf(root);
  const points = award(g, majority(strength), (seat) => {
    let per = perCity;
    for (const m of g.cfg.modules) per += m.farmerBonus?.(g, seat, root) ?? 0;
    return cities * per;
  });
  events.push({
    type: 'featureScored', kind: 'field', tiles: positions(g, root), reason, points,
    returned: final ? [] : figs.map((f) => figureView(g, f)), final,
  });
  return figs;
}

/** End of game: incomplete roads, cities and cloisters, then fields, then the expansions. */
export function finalScoring(g: State, events: GameEvent[]): void {
  events.push({ type: 'finalScoringStarted' });
  const byKind: number[][] = [[], [], [], []];
  const seen = new Set<number>();
  for (const f of g.figures) {
    if (!isFollower(f.kind)) continue;
    const root = g.find(f.seg);
    if (seen.has(root)) continue;
    seen.add(root);
    const k = g.segKind[root]!;
    byKind[k === ROAD ? 0 : k === CITY ? 1 : k === FIELD ? 3 : 2]!.push(root);
  }
  for (const root of byKind[0]!) scoreFeature(g, root, true, events);
  for (const root of byKind[1]!) scoreFeature(g, root, true, events);
  for (const root of byKind[2]!) scoreFeature(g, root, true, events);
  for (const root of byKind[3]!) scoreFarmers(g, root, 3, 'field', true, events);
  for (const m of g.cfg.modules) m.finalScoring?.(g, events);
  events.push({ type: 'gameEnded', scores: g.scores.slice() });
}
