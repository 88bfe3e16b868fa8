/**
 * The model of the end panel's plot of each seat's chance to win over the game (the analysis of
 * `GET /games/{id}/analysis`, `docs/analysis.md`), without a DOM: where every line, grid line,
 * tick and turning-point mark goes in the SVG's coordinates. x is the position in the game (0:
 * the start, d + 1: after decision d), y the chance from 0 % at the bottom to 100 % at the top.
 * `analysis-panel.ts` draws it; `test/web/chance-plot.test.ts` checks it.
 */
import type { Analysis } from './api.js';

/** The SVG's coordinates: about the width it is shown at in the end panel (a phone's, or the desktop's side column), so its 12-unit labels read at about 12 px. */
export const PLOT = { width: 380, height: 220, left: 46, right: 10, top: 10, bottom: 34 } as const;

export interface ChancePlot {
  /** One line per seat, in seat order: its points as an SVG `points` list, and its last chance (0..1). */
  lines: { seat: number; points: string; last: number }[];
  /** Per seat, its band: a polygon along the line 2 standard errors above, and back 2 below. */
  bands: { seat: number; points: string }[];
  /** Each seat's slides: the stretch of the plot it covers. */
  slides: { seat: number; x1: number; x2: number }[];
  /** Horizontal grid lines with their percent labels. */
  yTicks: { y: number; label: string }[];
  /** Decision numbers along the bottom (1 is the first decision). */
  xTicks: { x: number; label: string }[];
  /** A mark on its seat's line after each turning point's decision. */
  marks: { seat: number; version: number; x: number; y: number }[];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A step between labelled decisions that leaves at most six labels. */
function tickStep(decisions: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100]) if (decisions / step <= 6) return step;
  return Math.ceil(decisions / 600) * 100;
}

export function chancePlot(
  analysis: Pick<Analysis, 'start' | 'startSe' | 'decisions' | 'turningPoints' | 'slides'>,
): ChancePlot {
  const { width, height, left, right, top, bottom } = PLOT;
  const positions = [analysis.start, ...analysis.decisions.map((d) => d.chances)];
  const errors = [analysis.startSe, ...analysis.decisions.map((d) => d.se)];
  const span = Math.max(1, positions.length - 1);
  const x = (position: number) => round(left + ((width - left - right) * position) / span);
  const y = (chance: number) => round(top + (height - top - bottom) * (1 - Math.min(1, Math.max(0, chance))));
  const lines = analysis.start.map((_, seat) => ({
    seat,
    points: positions.map((chances, p) => `${x(p)},${y(chances[seat] ?? 0)}`).join(' '),
    last: positions.at(-1)![seat] ?? 0,
  }));
  const bands = analysis.start.map((_, seat) => {
    const at = (p: number, sign: number) => `${x(p)},${y(positions[p][seat] + sign * 2 * (errors[p][seat] ?? 0))}`;
    const up = positions.map((_, p) => at(p, 1));
    const down = positions.map((_, p) => at(p, -1)).reverse();
    return { seat, points: [...up, ...down].join(' ') };
  });
  const slides = analysis.slides.map((s) => ({ seat: s.seat, x1: x(s.from), x2: x(s.to + 1) }));
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((c) => ({ y: y(c), label: `${c * 100} %` }));
  const step = tickStep(analysis.decisions.length);
  const xTicks: ChancePlot['xTicks'] = [];
  for (let d = step; d <= analysis.decisions.length; d += step) xTicks.push({ x: x(d), label: String(d) });
  const marks = analysis.turningPoints.map((p) => ({
    seat: p.seat,
    version: p.version,
    x: x(p.decision + 1),
    y: y(p.after),
  }));
  return { lines, bands, slides, yTicks, xTicks, marks };
}

/** A chance as the panel words it. */
export const percent = (chance: number) => `${Math.round(chance * 100)} %`;
