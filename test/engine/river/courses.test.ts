/**
 * The river's courses as a perft (docs/rules.md §10.4). A course is the river's turn at each
 * of the 10 middle tiles (S, L or R; 4 of them bend): 210 places for the bends times 16 ways
 * for them to turn, 3,360 courses. Counted twice: by a plain enumeration of the geometry here
 * (which also reproduces the counts of the plain text rule), and by the engine, walking every
 * order of straight and bent tiles through its legal placements. Then perft counts of the
 * placement sequences of two fixed tile orders, depth by depth.
 */
import t from 'tap';
import { createGame, legalMoves, type Game, type Rules } from '../../../src/engine/index.js';
import { bendPatterns, placed, riverOrder, walkCourses } from './helpers.js';

type Turn = 'L' | 'S' | 'R';
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];
const cell = (x: number, y: number) => `${x},${y}`;

/** Every course: 4 bends among 10 tiles, each turning left or right. */
function allCourses(): string[] {
  const out: string[] = [];
  for (let mask = 0; mask < 1 << 10; mask++) {
    const bends = [...Array(10).keys()].filter((i) => (mask >> i) & 1);
    if (bends.length !== 4) continue;
    for (let ways = 0; ways < 16; ways++) {
      const course = Array<Turn>(10).fill('S');
      bends.forEach((b, k) => (course[b] = (ways >> k) & 1 ? 'R' : 'L'));
      out.push(course.join(''));
    }
  }
  return out;
}

const turned = (d: number, turn: string) => (turn === 'S' ? d : turn === 'R' ? (d + 1) % 4 : (d + 3) % 4);

/** The cells of a course from the spring at (0,0) flowing south, the lake last; null if it runs into itself. */
function cellsOf(course: string): [number, number][] | null {
  const cells: [number, number][] = [[0, 0]];
  const taken = new Set([cell(0, 0)]);
  let [x, y, d] = [0, 0, 2];
  for (const turn of [...course, 'lake']) {
    [x, y] = [x + DX[d], y + DY[d]];
    if (taken.has(cell(x, y))) return null;
    taken.add(cell(x, y));
    cells.push([x, y]);
    d = turned(d, turn);
  }
  return cells;
}

/** Whether two tiles of the course that do not follow each other share a side. */
function touches(cells: [number, number][]): boolean {
  return cells.some(([x, y], i) =>
    cells.some(([u, v], j) => Math.abs(i - j) > 1 && Math.abs(x - u) + Math.abs(y - v) === 1),
  );
}

/** Whether an empty cell has course tiles on all four sides. */
function leavesHole(cells: [number, number][]): boolean {
  const taken = new Set(cells.map(([x, y]) => cell(x, y)));
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  for (let x = Math.min(...xs); x <= Math.max(...xs); x++)
    for (let y = Math.min(...ys); y <= Math.max(...ys); y++)
      if (!taken.has(cell(x, y)) && [0, 1, 2, 3].every((d) => taken.has(cell(x + DX[d], y + DY[d])))) return true;
  return false;
}

/** The plain text rule: no two tiles in a row turning the same way. */
const textAllows = (c: string) => ![...c].some((x, i) => x !== 'S' && x === c[i + 1]);

/** c2: the text rule, and no third turn the same way before a turn the other way. */
function c2Allows(c: string): boolean {
  if (!textAllows(c)) return false;
  let run = '';
  let n = 0;
  for (const x of c) {
    if (x === 'S') continue;
    n = x === run ? n + 1 : 1;
    run = x;
    if (n === 3) return false;
  }
  return true;
}

/** lookahead: each middle tile placed only where the cells ahead of its open side are clear. */
function lookaheadAllows(course: string): boolean {
  const taken = new Set([cell(0, 0)]);
  const placed: [number, number][] = [[0, 0]];
  let [x, y, d] = [0, 0, 2];
  for (const turn of course) {
    [x, y] = [x + DX[d], y + DY[d]];
    if (taken.has(cell(x, y))) return false;
    taken.add(cell(x, y));
    placed.push([x, y]);
    const s = turned(d, turn);
    const [ax, ay] = [x + DX[s], y + DY[s]];
    const [bx, by] = [ax + DX[s], ay + DY[s]];
    const [px, py] = [DX[(s + 1) % 4], DY[(s + 1) % 4]];
    const near = [
      [ax + px, ay + py],
      [ax - px, ay - py],
      [bx, by],
      [bx + px, by + py],
      [bx - px, by - py],
    ];
    if (near.some(([u, v]) => taken.has(cell(u, v)))) return false;
    const ahead = placed.some(([u, v]) => {
      const along = (u - x) * DX[s] + (v - y) * DY[s];
      const across = (u - x) * DY[s] - (v - y) * DX[s];
      return along > 0 && Math.abs(across) <= 1;
    });
    if (ahead) return false;
    d = s;
  }
  return true;
}

const COURSES = allCourses();
const sameWayThrice = (c: string) => /R[^L]*R[^L]*R|L[^R]*L[^R]*L/.test(c);

t.test('the enumeration: 3,360 courses; the text rule allows 1,666 (62 stuck, 4 holes, 94 touching)', async (t) => {
  t.equal(COURSES.length, 3360);
  t.equal(new Set(COURSES).size, 3360);
  const text = COURSES.filter(textAllows);
  t.equal(text.length, 1666);
  const placed = text.map(cellsOf);
  t.equal(placed.filter((c) => c === null).length, 62, 'run into themselves');
  const whole = placed.filter((c): c is [number, number][] => c !== null);
  t.equal(whole.filter(touches).length, 94, 'touch themselves');
  t.equal(whole.filter((c) => !touches(c) && leavesHole(c)).length, 4, 'leave a hole without touching');
});

const C2 = COURSES.filter(c2Allows);
const LOOKAHEAD = COURSES.filter(lookaheadAllows);

t.test('§10.4 c2 allows 1,316 courses and lookahead 1,414, none stuck, none touching', async (t) => {
  t.equal(C2.length, 1316);
  t.equal(LOOKAHEAD.length, 1414);
  for (const [name, list] of [
    ['c2', C2],
    ['lookahead', LOOKAHEAD],
  ] as const) {
    const cells = list.map(cellsOf);
    t.notOk(
      cells.some((c) => c === null || touches(c) || leavesHole(c)),
      `${name}: every course places the lake, touches nothing and leaves no hole`,
    );
  }
  const extra = LOOKAHEAD.filter((c) => !C2.includes(c));
  t.ok(
    C2.every((c) => LOOKAHEAD.includes(c)),
    "lookahead allows all of c2's",
  );
  t.equal(extra.length, 98);
  t.ok(extra.every(sameWayThrice), 'the 98 more each turn the same way three times, spaced by straights');
  t.ok(extra.every(textAllows));
});

/** Every course the engine allows for one order of river tiles (helpers.ts, walkCourses). */
function engineCourses(order: string[], rules: Partial<Rules>, stuck: string[]): string[] {
  const out: string[] = [];
  walkCourses(order, { rules }, (node) => {
    const moves = legalMoves(node.game).moves;
    if (node.events.some((e) => e.type === 'tileDiscarded')) stuck.push(`${node.course}: a discard`);
    if (node.placed < 11 && moves.length === 0) stuck.push(`${node.course}: no placement`);
    if (node.placed === 10 && moves.length !== 1) stuck.push(`${node.course}: ${moves.length} placements of the lake`);
    if (node.placed === 11) out.push(node.course);
  });
  return out;
}

for (const [riverTurns, want] of [
  ['c2', C2],
  ['lookahead', LOOKAHEAD],
] as const) {
  t.test(`§10.4 the engine allows exactly the ${want.length} ${riverTurns} courses, none stuck`, async (t) => {
    const found = new Set<string>();
    const stuck: string[] = [];
    const patterns = bendPatterns();
    t.equal(patterns.length, 210, 'every place for the four bends');
    for (const pattern of patterns)
      for (const c of engineCourses(riverOrder(pattern), { riverTurns }, stuck)) found.add(c);
    t.same(stuck, [], 'every river tile had a placement, and no tile was discarded');
    t.equal(found.size, want.length);
    t.same([...found].sort(), [...want].sort(), 'the same courses as the enumeration');
  });
}

/** Placement sequences of the river tiles in a fixed order, counted per depth (every rotation its own move). */
function perft(order: string[], rules: Partial<Rules>): number[] {
  const created = createGame({
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['river'],
    rules,
    tileOrder: order,
  });
  if (!created.ok) throw new Error(created.error.reason);
  const counts = Array<number>(11).fill(0);
  const walk = (game: Game, depth: number) => {
    if (depth === 11) return;
    for (const m of legalMoves(game).moves) {
      counts[depth]++;
      walk(placed(game, m).game, depth + 1);
    }
  };
  walk(created.value.game, 0);
  return counts;
}

t.test('perft: placements of the river tiles in catalog order, depth 1 to 11', async (t) => {
  // B C D E F G H I J K L: straight, straight, straight, bend, straight, bend, straight, bend,
  // bend, straight, lake. A straight tile fits in 2 rotations, a bend in 1 per allowed turn.
  const order = riverOrder('SSSRSRSRRS');
  t.same(
    order.slice(0, 11),
    ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'].map((l) => `river/${l}`),
  );
  const want = [2, 4, 8, 16, 32, 64, 128, 192, 192, 384, 384];
  t.same(perft(order, {}), want, 'c2');
  t.same(perft(order, { riverTurns: 'lookahead' }), want, 'lookahead: the same here');
});

t.test('perft: an order where lookahead allows more than c2 (E G B I C D J F H K L)', async (t) => {
  const order = riverOrder('RRSRSSRSSS');
  t.same(
    order.slice(0, 11),
    ['E', 'G', 'B', 'I', 'C', 'D', 'J', 'F', 'H', 'K', 'L'].map((l) => `river/${l}`),
  );
  t.same(perft(order, {}), [2, 2, 4, 8, 16, 32, 48, 96, 192, 384, 384], 'c2');
  t.same(perft(order, { riverTurns: 'lookahead' }), [2, 2, 4, 8, 16, 32, 64, 128, 256, 512, 512], 'lookahead');
});
