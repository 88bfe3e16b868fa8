/**
 * The river's course (docs/rules.md §10.3, §10.4): where it is open, which way it flows there,
 * and how it turned so far; and the two turn rules, `c2` (no turn the same way as the tile
 * before, no third turn the same way before one the other way) and `lookahead` (the cells the
 * river will flow into stay clear). Directions are numbers, N E S W = 0 1 2 3.
 */
import type { Board } from '../../board.js';
import type { TileType } from '../../catalog.js';
import { DIR_STEP, keyOf, opposite, xOf, yOf } from '../../geometry.js';
import { DIRECTIONS, type RuleViolation } from '../../types.js';
import { violation } from '../../violation.js';

/** The course so far; never changed in place (a placement makes a new one), so copies share it. */
export interface Course {
  /** The empty position the river flows into next (its open end), or CLOSED once the lake is down. */
  readonly end: number;
  /** The direction the river flows in as it enters that position. */
  readonly flow: number;
  /** The last middle tile's turn: LEFT, STRAIGHT or RIGHT (STRAIGHT before the first). */
  readonly last: number;
  /** Turns the same way since the last turn the other way, straights not counted: +n right, -n left. */
  readonly run: number;
}

export const CLOSED = -1;
export const LEFT = -1;
export const STRAIGHT = 0;
export const RIGHT = 1;

/**
 * The river's sides of each tile type at rotation 0 (empty for a tile without a river), by type
 * index, made once per type: a land game asks at every placement.
 */
const SIDES: (readonly number[] | undefined)[] = [];
function riverSides(type: TileType): readonly number[] {
  let sides = SIDES[type.index];
  if (sides === undefined) {
    const river = type.def.features.find((f) => f.kind === 'river');
    sides = river ? river.edges.map((e) => DIRECTIONS.indexOf(e)) : [];
    SIDES[type.index] = sides;
  }
  return sides;
}

export const hasRiver = (type: TileType): boolean => riverSides(type).length > 0;

/** The board sides a tile's river reaches at rotation r (quarter turns clockwise). */
export const riverSidesAt = (type: TileType, r: number): number[] => riverSides(type).map((d) => (d + r) & 3);

/** The course as the spring starts it: placed at (0,0) in rotation 0, flowing out of its one river side. */
export function sprungFrom(spring: TileType): Course {
  const [out] = riverSides(spring);
  return { end: keyOf(0, 0) + DIR_STEP[out], flow: out, last: STRAIGHT, run: 0 };
}

/** How the river turns when it enters flowing `flow` and leaves by side `out`. */
export function turnOf(flow: number, out: number): number {
  if (out === flow) return STRAIGHT;
  return out === ((flow + 1) & 3) ? RIGHT : LEFT;
}

/** The course once a tile went down at its open end, the river leaving by `out` (undefined: the lake closed it). */
export function advance(c: Course, out: number | undefined): Course {
  if (out === undefined) return { end: CLOSED, flow: c.flow, last: c.last, run: c.run };
  const turn = turnOf(c.flow, out);
  const run = turn === STRAIGHT ? c.run : Math.sign(c.run) === turn ? c.run + turn : turn;
  return { end: c.end + DIR_STEP[out], flow: out, last: turn, run };
}

const SAME_WAY_TWICE = violation(
  'RIVER_TURN_FORBIDDEN',
  'the river may not turn the same way as the river tile just before (docs/rules.md §10.4)',
);
const THIRD_TURN = violation(
  'RIVER_TURN_FORBIDDEN',
  'the river may not turn the same way a third time before it turns the other way (docs/rules.md §10.4)',
);

/** `c2`: why the turn is forbidden after the course so far, or null. */
export function c2Refusal(c: Course, turn: number): RuleViolation | null {
  if (turn === STRAIGHT) return null;
  if (turn === c.last) return SAME_WAY_TWICE;
  if (Math.sign(c.run) === turn && Math.abs(c.run) >= 2) return THIRD_TURN;
  return null;
}

const DX = [0, 1, 0, -1] as const;
const DY = [-1, 0, 1, 0] as const;

/**
 * `lookahead`: why a middle tile at `p` whose river leaves by side `s` is forbidden, or null:
 * (1) the two cells beside the next cell A = p + s, the cell B = A + s and the two beside B are
 * empty; (2) no placed tile lies in the 3-wide strip straight ahead, from beyond p in direction
 * s to the edge of the placed tiles' bounding box (every placed tile is inside it, so: no placed
 * tile ahead of p within one row or column of its line).
 */
export function lookaheadRefusal(board: Board, p: number, s: number): RuleViolation | null {
  const side = DIR_STEP[(s + 1) & 3];
  const a = p + DIR_STEP[s];
  const b = a + DIR_STEP[s];
  for (const k of [a + side, a - side, b, b + side, b - side]) {
    if (board.has(k)) {
      return violation(
        'RIVER_TURN_FORBIDDEN',
        `the river would run next to (${xOf(k)},${yOf(k)}) two tiles ahead (lookahead, docs/rules.md §10.4)`,
      );
    }
  }
  const px = xOf(p);
  const py = yOf(p);
  for (const t of board.tiles) {
    const ahead = (t.x - px) * DX[s] + (t.y - py) * DY[s];
    const across = (t.x - px) * DY[s] - (t.y - py) * DX[s];
    if (ahead > 0 && Math.abs(across) <= 1) {
      return violation(
        'RIVER_TURN_FORBIDDEN',
        `the river would flow towards (${t.x},${t.y}) (lookahead, docs/rules.md §10.4)`,
      );
    }
  }
  return null;
}

/** The side a river tile at the open end leaves by, given its sides there: the one that is not the inflow. */
export const outflow = (c: Course, sides: readonly number[]): number | undefined =>
  sides.find((d) => d !== opposite(c.flow));
