/**
 * Helpers for The River's tests: the river tiles, the side a river tile's river reaches, and a
 * walk down a river that places each drawn river tile so that it turns the way asked (docs/rules.md §10.4).
 */
import {
  createGame,
  legalMoves,
  play,
  playInPlace,
  tileCatalog,
  type ExpansionId,
  type Game,
  type GameEvent,
  type Move,
  type Rotation,
  type Rules,
} from '../../../src/engine/index.js';
import { pass, type Scenario } from '../../helpers/scenario.js';

export const SPRING = 'river/A';
export const LAKE = 'river/L';
/** The middle tiles in which the river runs straight, and those in which it bends. */
export const STRAIGHTS = ['B', 'C', 'D', 'F', 'H', 'K'].map((l) => `river/${l}`);
export const BENDS = ['E', 'G', 'I', 'J'].map((l) => `river/${l}`);
export const MIDDLE = [...STRAIGHTS, ...BENDS].sort();

export type Turn = 'L' | 'S' | 'R';
const SIDES = ['N', 'E', 'S', 'W'];
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];

/** The board sides (N E S W = 0 1 2 3) a tile's river reaches at a rotation. */
export function riverSides(id: string, rotation: number): number[] {
  const river = tileCatalog()
    .tiles.find((t) => t.id === id)
    ?.features.find((f) => f.kind === 'river');
  if (!river || river.kind !== 'river') throw new Error(`${id} has no river`);
  return river.edges.map((e) => (SIDES.indexOf(e) + rotation / 90) % 4);
}

/**
 * A river tile order making the given course: a bend where the course turns, a straight where it
 * does not, then the other middle tiles, the lake, and the land tiles given.
 */
export function riverOrder(course: string, land: string[] = []): string[] {
  const straights = [...STRAIGHTS];
  const bends = [...BENDS];
  const order = [...course].map((c) => (c === 'S' ? straights.shift() : bends.shift()));
  if (order.includes(undefined)) throw new Error(`no tiles for the course ${course}`);
  return [...(order as string[]), ...straights, ...bends, LAKE, ...land];
}

/** Where the river is open and which way it flows there, followed through placed river tiles. */
export class RiverWalk {
  x = 0;
  y = 1;
  flow = 2;
  constructor(readonly s: Scenario) {}

  /** The drawn river tile's placement that turns `turn` (the first listed, of the two rotations of a straight). */
  placement(turn: Turn): Move | undefined {
    const game: Game = this.s.game;
    const tile = this.s.view().drawnTile;
    if (tile === null) throw new Error('no tile drawn');
    return legalMoves(game).moves.find((m) => m.type === 'placeTile' && this.turnOf(tile, m.rotation) === turn);
  }

  /** The turn a tile at the open end makes in this rotation, or null if its river does not meet the open end. */
  turnOf(tile: string, rotation: Rotation): Turn | 'lake' | null {
    const sides = riverSides(tile, rotation);
    if (!sides.includes((this.flow + 2) % 4)) return null;
    const out = sides.find((d) => d !== (this.flow + 2) % 4);
    if (out === undefined) return 'lake';
    return out === this.flow ? 'S' : out === (this.flow + 1) % 4 ? 'R' : 'L';
  }

  /** Places the drawn river tile so that it turns `turn` (or the lake), and follows the river; the figure step is the caller's. */
  place(turn: Turn | 'lake'): this {
    const tile = this.s.view().drawnTile!;
    const move =
      turn === 'lake' ? legalMoves(this.s.game).moves.find((m) => m.type === 'placeTile') : this.placement(turn);
    if (move === undefined || move.type !== 'placeTile') throw new Error(`${tile} cannot turn ${turn} here`);
    const out = riverSides(tile, move.rotation).find((d) => d !== (this.flow + 2) % 4);
    this.s.play(move);
    if (out !== undefined) {
      this.flow = out;
      this.x += DX[out];
      this.y += DY[out];
    }
    return this;
  }

  /** `place`, then the figure step: `figure`, or a pass. */
  step(turn: Turn | 'lake', figure: Move = pass): this {
    this.place(turn);
    if (legalMoves(this.s.game).phase === 'placeFigure') this.s.play(figure);
    return this;
  }

  /** Places tiles along a course: one letter L, S or R per tile. */
  walk(course: string): this {
    for (const c of course) this.step(c as Turn);
    return this;
  }

  /** Whether a move would be accepted, or the refusal's code. */
  verdict(m: Move): string {
    const r = play(this.s.game, m);
    return r.ok ? 'ok' : r.error.code;
  }
}

/** The turn a river tile placed by `m` makes when the river flows `flow` into its position, and the side it leaves by. */
export function placedTurn(id: string, m: Move, flow: number): { turn: Turn | 'lake'; out: number } {
  if (m.type !== 'placeTile') throw new Error(`not a placement: ${m.type}`);
  const sides = riverSides(id, m.rotation);
  const out = sides.find((d) => d !== (flow + 2) % 4);
  if (out === undefined) return { turn: 'lake', out: flow };
  return { turn: out === flow ? 'S' : out === (flow + 1) % 4 ? 'R' : 'L', out };
}

/** A placement played on a copy, then the figure step passed; with every event of both, and the figure step's moves. */
export function placed(game: Game, m: Move): { game: Game; events: GameEvent[]; figureStep: Move[] } {
  const r = play(game, m);
  if (!r.ok) throw new Error(`a listed placement was refused: ${r.error.reason}`);
  const events = [...r.value.events];
  const step = legalMoves(r.value.game);
  if (step.phase !== 'placeFigure') return { game: r.value.game, events, figureStep: [] };
  const p = playInPlace(r.value.game, { type: 'pass' });
  if (!p.ok) throw new Error(p.error.reason);
  events.push(...p.value);
  return { game: r.value.game, events, figureStep: step.moves };
}

/** Each order of straight and bent tiles: a bend where the pattern has R (210 orders). */
export function bendPatterns(): string[] {
  const out: string[] = [];
  for (let mask = 0; mask < 1 << 10; mask++) {
    const pattern = [...Array(10).keys()].map((i) => ((mask >> i) & 1 ? 'R' : 'S')).join('');
    if (pattern.replace(/S/g, '').length === 4) out.push(pattern);
  }
  return out;
}

export interface RiverNode {
  game: Game;
  /** River tiles placed so far (0 to 11), and the course they make. */
  placed: number;
  course: string;
  /** The events of the move that reached this position, and the figure step it passed. */
  events: readonly GameEvent[];
  figureStep: readonly Move[];
}

/**
 * Every position of the river phase the engine allows for one tile order, with one placement per
 * distinct turn at each tile (the two rotations of a straight tile make the same course, and no
 * course touches itself, so a tile's land sides never meet another tile); `visit` sees each
 * position with a drawn tile, and the position after the lake.
 */
export function walkCourses(
  order: string[],
  setup: { expansions?: ExpansionId[]; rules?: Partial<Rules> },
  visit: (node: RiverNode) => void,
): void {
  const created = createGame({
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: [...(setup.expansions ?? []), 'river'],
    rules: setup.rules ?? {},
    tileOrder: order,
  });
  if (!created.ok) throw new Error(created.error.reason);
  const walk = (node: RiverNode, flow: number) => {
    visit(node);
    if (node.placed === 11) return;
    const seen = new Set<string>();
    for (const m of legalMoves(node.game).moves) {
      if (m.type !== 'placeTile') continue;
      const { turn, out } = placedTurn(order[node.placed], m, flow);
      if (seen.has(turn)) continue;
      seen.add(turn);
      const child = placed(node.game, m);
      walk(
        {
          game: child.game,
          placed: node.placed + 1,
          course: node.course + (turn === 'lake' ? '' : turn),
          events: child.events,
          figureStep: child.figureStep,
        },
        out,
      );
    }
  };
  walk({ game: created.value.game, placed: 0, course: '', events: created.value.events, figureStep: [] }, 2);
}
