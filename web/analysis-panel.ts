/**
 * The analysis in the end panel of a finished game (`docs/analysis.md`): each seat's chance to
 * win over the game as a line chart (`chance-plot.ts` places it; drawn here as SVG, the colours
 * as presentation attributes or through the CSSOM, never a style attribute: the CSP refuses
 * them) with a band of ± 2 standard errors around each line, the turning points (the costliest
 * mistakes: the chance a move lost against the analysis' best move), each with a link to the
 * replay at its move, the slides, and the luck of the draw apart from the mistakes. The first read
 * starts the analysis; while it is computed the panel shows its progress, read again when the
 * server's `Retry-After` says, and the game's stream says when it is stored (its `analysis`
 * event). The chart's text alternative is its caption and the list of turning points.
 */
import { seatColour } from '../src/render/index.js';
import { api, ApiError, type Analysis, type AnalysisRunning, type Move } from './api.js';
import { chancePlot, percent, PLOT } from './chance-plot.js';
import { $, el, withNames } from './dom.js';
import { lexicon, page, playerName } from './game-page.js';
import { replayLink } from './links.js';
import { replayAt, showBoard } from './replay.js';
import { moveWords } from './words.js';

const SVG = 'http://www.w3.org/2000/svg';

let asked = false;
let drawn = false;
let source: EventSource | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Asks for the analysis once the game is finished (called with every redraw of the end panel). */
export function showAnalysis(): void {
  if (asked || page.state?.status !== 'finished') return;
  asked = true;
  $('#analysis').hidden = false;
  void load();
}

async function load(): Promise<void> {
  clearTimeout(timer);
  if (drawn) return;
  try {
    const { body, retryAfter } = await api.analysis(page.id);
    if (drawn) return;
    if (body.status === 'ready') return draw(body);
    progress(body);
    source ??= listen();
    timer = setTimeout(() => void load(), (retryAfter ?? 2) * 1000);
  } catch (e) {
    say(`No analysis: ${e instanceof ApiError ? e.message : String(e)}`);
  }
}

/** The game's stream from its end: its `analysis` event says the analysis is stored. */
function listen(): EventSource {
  const stream = new EventSource(`/games/${encodeURIComponent(page.id)}/stream?after=${page.state?.version ?? 0}`);
  stream.addEventListener('analysis', () => void load());
  return stream;
}

function say(text: string): void {
  $('#analysis-status').textContent = text;
}

function progress({ progress: { done, total } }: AnalysisRunning): void {
  const bar = $<HTMLProgressElement>('#analysis-progress');
  bar.hidden = false;
  if (total > 0) {
    bar.max = total;
    bar.value = done;
    say(`The bot is analysing the game: ${done} of ${total} positions…`);
  } else {
    bar.removeAttribute('value');
    say('The bot is analysing the game…');
  }
}

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A move in words, inside a sentence; one the page cannot tell (its place not on the board) by its kind. */
function words(m: Move): string {
  try {
    const text = moveWords(m, lexicon());
    return text.charAt(0).toLowerCase() + text.slice(1);
  } catch {
    return m.type;
  }
}

function draw(analysis: Analysis): void {
  drawn = true;
  clearTimeout(timer);
  source?.close();
  $('#analysis-progress').hidden = true;
  say('');
  const model = chancePlot(analysis);
  const { width, height, left, right, bottom } = PLOT;
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-labelledby': 'chances-caption',
    class: 'chance-plot',
  });
  for (const t of model.yTicks) {
    chart.append(
      svg('line', { x1: left, x2: width - right, y1: t.y, y2: t.y, class: 'grid' }),
      svg('text', { x: left - 6, y: t.y + 4, 'text-anchor': 'end', class: 'tick' }, t.label),
    );
  }
  for (const t of model.xTicks)
    chart.append(svg('text', { x: t.x, y: height - bottom + 16, 'text-anchor': 'middle', class: 'tick' }, t.label));
  chart.append(
    svg('text', { x: (left + width - right) / 2, y: height - 4, 'text-anchor': 'middle', class: 'axis' }, 'decision'),
  );
  for (const span of model.slides)
    chart.append(
      svg('rect', {
        x: span.x1,
        y: PLOT.top,
        width: Math.max(1, span.x2 - span.x1),
        height: height - PLOT.top - bottom,
        fill: seatColour(span.seat),
        'fill-opacity': 0.08,
        class: 'slide-span',
        'data-seat': span.seat,
      }),
    );
  for (const band of model.bands)
    chart.append(
      svg('polygon', {
        points: band.points,
        fill: seatColour(band.seat),
        'fill-opacity': 0.2,
        class: 'chance-band',
        'data-seat': band.seat,
      }),
    );
  for (const line of model.lines)
    chart.append(
      svg('polyline', {
        points: line.points,
        stroke: seatColour(line.seat),
        class: 'chance-line',
        'data-seat': line.seat,
      }),
    );
  for (const m of model.marks) {
    const mark = svg('circle', {
      cx: m.x,
      cy: m.y,
      r: 5,
      fill: seatColour(m.seat),
      class: 'turning-mark',
      'data-version': m.version,
    });
    mark.append(svg('title', {}, `Turning point: move ${m.version}`));
    chart.append(mark);
  }
  $('#chances-plot').replaceChildren(chart);
  const ends = model.lines.map((l) => `${playerName(l.seat)} ${percent(l.last)}`).join(', ');
  withNames(
    $('#chances-caption'),
    `Each player's chance to win after every decision, as the analysis estimates it from what the players saw; the band around a line is where the estimate may be off (2 standard errors either side), dots mark the turning points and shaded stretches the slides, listed below. At the end: ${ends}.`,
  );
  $('#chances-legend').replaceChildren(
    ...model.lines.map((l) => {
      const dot = el('span', '', { class: 'dot' });
      dot.style.background = seatColour(l.seat);
      const li = withNames(el('li'), playerName(l.seat));
      li.prepend(dot);
      return li;
    }),
  );
  $('#chances').hidden = false;
  $('#turning-points').replaceChildren(...analysis.turningPoints.map(turningPoint));
  $('#turning').hidden = analysis.turningPoints.length === 0;
  $('#slide-list').replaceChildren(...analysis.slides.map(slide));
  $('#slides').hidden = analysis.slides.length === 0;
  $('#luck-list').replaceChildren(...luck(analysis));
  $('#luck').hidden = false;
}

/** Points of chance (percentage points), signed when asked. */
const points = (x: number, signed = false) => `${signed && x > 0 ? '+' : ''}${Math.round(x * 100)}`;

function turningPoint(p: Analysis['turningPoints'][number]): HTMLLIElement {
  const li = withNames(
    el('li', undefined, { 'data-version': String(p.version), class: 'mistake' }),
    `${playerName(p.seat)}: ${words(p.move)} lost ${points(p.loss)} points of chance (± ${points(2 * p.lossSe)}), ` +
      `${percent(p.before)} → ${percent(p.played)}. Best: ${words(p.best)}. After the draw: ${percent(p.after)}. `,
  );
  li.append(replayLinkTo(p.version));
  return li;
}

function slide(s: Analysis['slides'][number]): HTMLLIElement {
  const li = withNames(
    el('li', undefined, { 'data-version': String(s.fromVersion), class: 'slide' }),
    `${playerName(s.seat)} slid from ${percent(s.before)} to ${percent(s.after)} over moves ${s.fromVersion}–${s.toVersion}: ` +
      `${points(s.mistakes)} points by their own mistakes, ${points(s.luck, true)} by the draws. `,
  );
  li.append(replayLinkTo(s.fromVersion));
  return li;
}

/** Each seat's luck: what the draws did to its chance in all, and the largest single swing. */
function luck(analysis: Analysis): HTMLLIElement[] {
  return analysis.start.map((_, seat) => {
    let total = 0;
    let swing = analysis.decisions[0];
    for (const d of analysis.decisions) {
      total += d.luck[seat] ?? 0;
      if (Math.abs(d.luck[seat] ?? 0) > Math.abs(swing?.luck[seat] ?? 0)) swing = d;
    }
    const largest =
      swing && swing.luck[seat] !== 0
        ? `; the largest at move ${swing.version}: ${points(swing.luck[seat], true)}`
        : '';
    return withNames(
      el('li', undefined, { class: 'luck', 'data-seat': String(seat) }),
      `${playerName(seat)}: ${points(total, true)} points of chance from the draws in all${largest}. Luck, not a mistake.`,
    );
  });
}

/** A link to the replay at `version`: on this page the scrubber goes there. */
function replayLinkTo(version: number): HTMLAnchorElement {
  const link = el('a', `Replay move ${version}`, { href: replayLink(page.id, version), class: 'replay-link' });
  // On this page the scrubber goes there; opened elsewhere (a new tab) the link is a spectator's replay.
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (!replayAt(version)) return;
    e.preventDefault();
    // The chart lies below the board: the page goes up to the board, not to the slider's edge.
    showBoard();
  });
  return link;
}
