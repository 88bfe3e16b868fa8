/**
 * The model of the end panel's chance plot (web/chance-plot.ts), without a browser: one line per
 * seat through every position of the game (the start, then after each decision), x growing with
 * the decision across the plot, y from 0 % at the bottom to 100 % at the top; a mark on the
 * turning point's seat's line after its decision; decision ticks that stay few (six at most) on a long game.
 */
import t from 'tap';
import { chancePlot, percent, PLOT } from '../../web/chance-plot.js';

const move = { type: 'pass' } as const;
const analysis = {
  start: [0.5, 0.5],
  decisions: [
    { decision: 0, version: 1, seat: 0, move, chances: [0.6, 0.4] },
    { decision: 1, version: 2, seat: 1, move, chances: [0.75, 0.25] },
    { decision: 2, version: 4, seat: 0, move, chances: [1, 0] },
  ],
  turningPoints: [{ decision: 1, version: 2, seat: 1, before: 0.4, after: 0.25, played: move, preferred: move }],
};
const { width, height, left, right, top, bottom } = PLOT;
const points = (s: string) => s.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
const yOf = (chance: number) => Math.round((top + (height - top - bottom) * (1 - chance)) * 10) / 10;

t.test('one line per seat, through the start and every decision, in the plot', async (t) => {
  const plot = chancePlot(analysis);
  t.same(
    plot.lines.map((l) => l.seat),
    [0, 1],
  );
  t.same(
    plot.lines.map((l) => l.last),
    [1, 0],
    "each line's last chance",
  );
  for (const line of plot.lines) {
    const pts = points(line.points);
    t.equal(pts.length, 4, `seat ${line.seat}: the start and three decisions`);
    t.same(
      pts.map(([x]) => x),
      [left, left + (width - left - right) / 3, left + (2 * (width - left - right)) / 3, width - right].map(
        (x) => Math.round(x * 10) / 10,
      ),
      'x = the position, left to right',
    );
    const chances = [analysis.start, ...analysis.decisions.map((d) => d.chances)].map((c) => c[line.seat]);
    t.same(
      pts.map(([, y]) => y),
      chances.map(yOf),
      'y = the chance, 100 % at the top',
    );
  }
  t.equal(points(plot.lines[0].points).at(-1)![1], top, 'a certain win touches the top');
  t.equal(points(plot.lines[1].points).at(-1)![1], height - bottom, 'a certain loss the bottom');
});

t.test("a turning point is marked on its seat's line after its decision", async (t) => {
  const plot = chancePlot(analysis);
  t.equal(plot.marks.length, 1);
  const [mark] = plot.marks;
  t.match(mark, { seat: 1, version: 2 });
  t.ok(
    points(plot.lines[1].points).some(([x, y]) => x === mark.x && y === mark.y),
    'the mark lies on the line',
  );
});

t.test('the axes: 0 to 100 %, and at most six decision numbers', async (t) => {
  const plot = chancePlot(analysis);
  t.same(
    plot.yTicks.map((y) => y.label),
    ['0 %', '25 %', '50 %', '75 %', '100 %'],
  );
  t.same(
    plot.xTicks.map((x) => x.label),
    ['1', '2', '3'],
  );
  const long = chancePlot({
    ...analysis,
    decisions: Array.from({ length: 109 }, (_, d) => ({
      decision: d,
      version: d + 1,
      seat: d % 2,
      move,
      chances: [0.5, 0.5],
    })),
  });
  t.same(
    long.xTicks.map((x) => x.label),
    ['20', '40', '60', '80', '100'],
    'of 109 decisions',
  );
  t.ok(
    long.xTicks.every((x) => x.x > left && x.x <= width - right),
    'inside the plot',
  );
  t.equal(percent(0.257), '26 %');
});

t.test('a game without decisions still draws its start', async (t) => {
  const plot = chancePlot({ start: [0.25, 0.25, 0.5], decisions: [], turningPoints: [] });
  t.same(
    plot.lines.map((l) => points(l.points).length),
    [1, 1, 1],
  );
  t.same(plot.xTicks, []);
});
