/**
 * The bot ladder's page (`ladder.html`, docs/ladder.md): the bots with their ratings drawn as
 * intervals on one scale, their records in pairs, the latest pairs with links to their games,
 * and the sequential test between any two bots. It reads `GET /ladder` on load, on Refresh and
 * every 15 s.
 */
import { api, ApiError, type Ladder } from './api.js';
import { $, el, nameEl } from './dom.js';
import { watchLink } from './links.js';

const EVERY_MS = 15_000;
const SVG = 'http://www.w3.org/2000/svg';
const BAR = { width: 160, height: 18 };

type Bot = Ladder['bots'][number];
type Rated = Bot & { rating: NonNullable<Bot['rating']> };

const fixed = (x: number) => x.toFixed(1);

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** A rating's interval as a bar on the scale shared by every rated bot, its mean a dot. */
function intervalBar(bot: Rated, scale: [number, number]): SVGSVGElement {
  const [low, high] = scale;
  const x = (v: number) => 4 + ((v - low) / (high - low || 1)) * (BAR.width - 8);
  const [from, to] = bot.rating.interval;
  const bar = svg('svg', { width: BAR.width, height: BAR.height, viewBox: `0 0 ${BAR.width} ${BAR.height}` });
  bar.setAttribute('aria-hidden', 'true');
  bar.append(
    svg('line', { x1: 4, x2: BAR.width - 4, y1: 9, y2: 9, class: 'axis' }),
    svg('line', { x1: x(from), x2: x(to), y1: 9, y2: 9, class: 'interval' }),
    svg('circle', { cx: x(bot.rating.mu), cy: 9, r: 4, class: 'mean' }),
  );
  return bar;
}

function ratingCell(bot: Bot, scale: [number, number] | null): HTMLTableCellElement {
  const cell = el('td', undefined, { class: 'rating', 'data-label': 'Rating' });
  if (!bot.rating || !scale) {
    cell.textContent = 'not rated yet';
    return cell;
  }
  const [from, to] = bot.rating.interval;
  cell.append(
    intervalBar(bot as Rated, scale),
    el('span', `${fixed(bot.rating.mu)} (${fixed(from)} to ${fixed(to)}), ${bot.rating.games} games`),
  );
  return cell;
}

function showBots(bots: Ladder['bots']): void {
  const rated = bots.filter((b): b is Rated => b.rating !== null);
  const scale: [number, number] | null = rated.length
    ? [Math.min(...rated.map((b) => b.rating.interval[0])), Math.max(...rated.map((b) => b.rating.interval[1]))]
    : null;
  // The best first: by the interval's low end (what the bot is surely worth), then by pairs won.
  const order = [...bots].sort(
    (x, y) =>
      (y.rating?.interval[0] ?? -Infinity) - (x.rating?.interval[0] ?? -Infinity) ||
      y.record.points - x.record.points ||
      x.name.localeCompare(y.name),
  );
  const body = $('#bots tbody');
  body.replaceChildren(
    ...order.map((bot) => {
      const row = el('tr', undefined, { 'data-name': bot.name });
      const name = el('th', undefined, { scope: 'row' });
      name.append(nameEl(bot.name));
      const { pairs, won, split, lost } = bot.record;
      row.append(
        name,
        ratingCell(bot, scale),
        el('td', pairs ? `${won} / ${split} / ${lost}` : 'no pair yet', {
          class: 'record',
          'data-label': 'Pairs won / split / lost',
        }),
        el('td', `${bot.playing} of ${bot.maxGames} games`, { 'data-label': 'Playing' }),
      );
      return row;
    }),
  );
  if (bots.length === 0) {
    const empty = el('tr');
    empty.append(el('td', 'No bot is on the ladder.', { colspan: '4' }));
    body.append(empty);
  }
}

function showResults(results: Ladder['results']): void {
  const list = $('#results');
  list.replaceChildren(
    ...results.map((r) => {
      const item = el('li', undefined, { 'data-id': r.id });
      const [first, second] = r.points;
      item.append(
        nameEl(r.a),
        ` ${r.result} against `,
        nameEl(r.b),
        ': ',
        el('a', `${first[0]} to ${first[1]}`, { href: watchLink(r.gameIds[0]) }),
        ', ',
        el('a', `${second[0]} to ${second[1]}`, { href: watchLink(r.gameIds[1]) }),
      );
      return item;
    }),
  );
  if (results.length === 0) list.append(el('li', 'No pair has finished yet.'));
}

/** The two choosers of the test keep what was chosen when the list is read again. */
function showChoices(bots: Ladder['bots']): void {
  for (const [i, id] of ['#sprt-a', '#sprt-b'].entries()) {
    const select = $<HTMLSelectElement>(id);
    const chosen = select.value;
    select.replaceChildren(...bots.map((b) => el('option', b.name, { value: b.name })));
    if (bots.some((b) => b.name === chosen)) select.value = chosen;
    else if (bots[i]) select.value = bots[i].name;
  }
}

async function refresh(): Promise<void> {
  try {
    const ladder = await api.ladder();
    showBots(ladder.bots);
    showResults(ladder.results);
    showChoices(ladder.bots);
    $('#error').textContent = '';
    $('#status').textContent = `${ladder.bots.length} bots, as of ${new Date().toLocaleTimeString()}`;
    $('#bots').dataset.loaded = 'true';
  } catch (e) {
    $('#error').textContent = e instanceof ApiError ? e.message : String(e);
  }
}

const VERDICTS = {
  H1: (a: string, b: string) => `${a} is stronger than ${b} (by 50 Elo or more).`,
  H0: (a: string, b: string) => `${a} is not stronger than ${b}.`,
  continue: () => 'Not decided yet: more pairs are needed.',
};

$('#sprt-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const a = $<HTMLSelectElement>('#sprt-a').value;
  const b = $<HTMLSelectElement>('#sprt-b').value;
  const out = $('#sprt-verdict');
  api.sprt(a, b).then(
    (r) => {
      out.dataset.verdict = r.verdict;
      const pairs = r.pairs === 1 ? '1 pair' : `${r.pairs} pairs`;
      out.textContent = `${VERDICTS[r.verdict](a, b)} ${pairs}; log-likelihood ratio ${r.llr.toFixed(2)}, between ${r.lower.toFixed(2)} and ${r.upper.toFixed(2)} the test goes on.`;
    },
    (error: unknown) => {
      delete out.dataset.verdict;
      out.textContent = error instanceof ApiError ? error.message : String(error);
    },
  );
});
$('#refresh').addEventListener('click', () => void refresh());
setInterval(() => void refresh(), EVERY_MS);
void refresh();
