/**
 * The model of the end panel's chance plot (web/chance-plot.ts), without a browser: one line per
 * seat through every position of the game (the start, then after each decision), x growing with
 * the decision across the plot, y from 0 % at the bottom to 100 % at the top; a mark on the
 * turning point's seat's line after its decision; decision ticks that stay few (six at most) on a long game.
 */
import t from 'tap';
import { chancePlot, percent, PLOT } from '../../web/chance-plot.js';

const move = { type: 'pass' } as const;
const reading = { loss: 0, lossSe: 0, luck: [0, 0] };
const analysis = {
  start: [0.5, 0.5],
  startSe: [0.05, 0.05],
  decisions: [
    { decision: 0, version: 1, seat: 0, move, chances: [0.6, 0.4], se: [0.02, 0.02], ...reading },
    { decision: 1, version: 2, seat: 1, move, chances: [0.75, 0.25], se: [0.01, 0.01], ...reading },
    { decision: 2, version: 4, seat: 0, move, chances: [1, 0], se: [0, 0], ...reading },
  ],
  turningPoints: [
    {
      decision: 1,
      version: 2,
      seat: 1,
      before: 0.4,
      played: 0.3,
      after: 0.25,
      loss: 0.1,
      lossSe: 0.01,
      move,
      best: move,
    },
  ],
  slides: [
    { seat: 1, from: 0, to: 1, fromVersion: 1, toVersion: 2, before: 0.5, after: 0.25, mistakes: 0.1, luck: -0.15 },
  ],
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

t.test("each seat's band: 2 standard errors above its line, then back along 2 below", async (t) => {
  const plot = chancePlot(analysis);
  t.same(
    plot.bands.map((b) => b.seat),
    [0, 1],
  );
  const band = points(plot.bands[0].points);
  const line = points(plot.lines[0].points);
  t.equal(band.length, 2 * line.length, 'every position twice');
  t.same(
    band.map(([x]) => x),
    [...line.map(([x]) => x), ...line.map(([x]) => x).reverse()],
    'along the line, then back',
  );
  const chances = [0.5, 0.6, 0.75, 1];
  const se = [0.05, 0.02, 0.01, 0];
  t.same(
    band.slice(0, 4).map(([, y]) => y),
    chances.map((c, p) => yOf(Math.min(1, c + 2 * se[p]))),
    'above: the chance + 2 standard errors',
  );
  t.same(
    band.slice(4).map(([, y]) => y),
    chances.map((c, p) => yOf(c - 2 * se[p])).reverse(),
    'below: the chance − 2 standard errors',
  );
  t.equal(band[3][1], band[4][1], 'no band where the result is known');
});

t.test('a slide shades the stretch of its decisions', async (t) => {
  const plot = chancePlot(analysis);
  t.same(plot.slides, [{ seat: 1, x1: left, x2: Math.round((left + (2 * (width - left - right)) / 3) * 10) / 10 }]);
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
      se: [0.01, 0.01],
      ...reading,
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
  const plot = chancePlot({
    start: [0.25, 0.25, 0.5],
    startSe: [0, 0, 0],
    decisions: [],
    turningPoints: [],
    slides: [],
  });
  t.same(
    plot.lines.map((l) => points(l.points).length),
    [1, 1, 1],
  );
  t.same(plot.xTicks, []);
});
