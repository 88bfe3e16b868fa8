/**
 * The River (docs/rules.md §10): the spring starts the game in place of the base start tile,
 * the middle river tiles (shuffled) and then the lake are drawn before the land tiles, and a
 * river tile must continue the river at its open end under the game's turn rule. The course is
 * this expansion's state (course.ts). Figures, fields and scoring on river tiles are the core's:
 * the river is a feature kind of its own, which joins nothing and holds no figure.
 */
import type { TileType } from '../../catalog.js';
import { TILE_BY_ID } from '../../catalog.js';
import type { Expansion, PlacementRule } from '../../expansion.js';
import { DIR_STEP, opposite, xOf, yOf } from '../../geometry.js';
import { StateSlot } from '../../slot.js';
import type { State } from '../../state.js';
import type { Rules, RuleViolation } from '../../types.js';
import { violation } from '../../violation.js';
import {
  advance,
  c2Refusal,
  CLOSED,
  hasRiver,
  lookaheadRefusal,
  outflow,
  riverSidesAt,
  sprungFrom,
  turnOf,
  type Course,
} from './course.js';
import { RIVER_TILES } from './tiles.js';
import { RIVER, RIVER_ERROR_CODES, RIVER_FIGURES, RIVER_RULES } from './vocabulary.js';

const endOf = (end: string) => RIVER_TILES.filter((t) => t.features.some((f) => f.kind === 'river' && f.end === end));
const SPRING = endOf('spring')[0].id;
const LAKE = endOf('lake')[0].id;
/** The middle tiles, a tile once per copy. */
const MIDDLE = RIVER_TILES.filter((t) => t.id !== SPRING && t.id !== LAKE).flatMap((t) =>
  Array.from({ length: t.count }, () => t.id),
);

/**
 * The course, replaced (never changed in place) at each river tile: copies of a game share it,
 * so a copy costs nothing.
 */
const COURSE = new StateSlot<Course>(
  () => {
    const spring = TILE_BY_ID.get(SPRING);
    if (spring === undefined) throw new Error('engine fault: the spring is not in the catalog');
    return sprungFrom(spring);
  },
  (c) => c,
);

const at = (key: number) => `(${xOf(key)},${yOf(key)})`;

/** A river tile after the lake (never, with this river's pile): it cannot go anywhere, so it is discarded. */
const CLOSED_RULE: PlacementRule = {
  refusal: () => violation('RIVER_NOT_CONTINUED', 'the lake has closed the river: no river tile can go on'),
};

/** Where a river tile may go (§10.3, §10.4): at the open end, its river meeting it, under the turn rule. */
function riverRule(g: State, c: Course, type: TileType): PlacementRule {
  // Most positions a listing asks about are away from the open end: one refusal serves them all.
  let away: RuleViolation | undefined;
  return {
    refusal(key, r) {
      if (key !== c.end) {
        return (away ??= violation(
          'RIVER_NOT_CONTINUED',
          `a river tile must continue the river at its open end ${at(c.end)}`,
        ));
      }
      const sides = riverSidesAt(type, r);
      if (!sides.includes(opposite(c.flow))) {
        return violation('EDGES_DO_NOT_MATCH', `the river at ${at(c.end)} must meet a river side of ${type.id}`);
      }
      const out = outflow(c, sides);
      // The lake has no side the river flows on by: it only has to meet the river.
      if (out === undefined) return null;
      if (g.board.has(key + DIR_STEP[out])) {
        return violation('EDGES_DO_NOT_MATCH', `the river would flow into the tile at ${at(key + DIR_STEP[out])}`);
      }
      return g.cfg.rules.riverTurns === 'lookahead'
        ? lookaheadRefusal(g.board, key, out)
        : c2Refusal(c, turnOf(c.flow, out));
    },
  };
}

/** A land tile while the river is open (never, with this river's pile): not on the river's open end (§10.3). */
function landRule(c: Course): PlacementRule {
  const refused: RuleViolation = violation(
    'EDGES_DO_NOT_MATCH',
    `only a river tile may meet the river's open end at ${at(c.end)}`,
  );
  return { refusal: (key) => (key === c.end ? refused : null) };
}

export const riverRules: Expansion = {
  id: RIVER,
  vocabulary: { figures: RIVER_FIGURES, errorCodes: RIVER_ERROR_CODES, rules: RIVER_RULES },
  slot: COURSE,
  tileSetup: (rules: Rules) => ({
    start: SPRING,
    displacedStartDrawn: rules.riverStartTile === 'shuffle',
    stages: [MIDDLE, [LAKE]],
  }),
  placementRule(g, type) {
    const c = COURSE.of(g);
    if (!hasRiver(type)) return c.end === CLOSED ? null : landRule(c);
    return c.end === CLOSED ? CLOSED_RULE : riverRule(g, c, type);
  },
  onTilePlaced(g) {
    const c = COURSE.of(g);
    const t = g.placedTile();
    if (c.end === CLOSED || t.key !== c.end) return;
    // A river tile went down at the open end (the placement rule allowed nothing else there).
    g.slots[COURSE.index] = advance(c, outflow(c, riverSidesAt(t.type, t.r)));
  },
};
