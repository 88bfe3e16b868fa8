/**
 * The end of a game: who won, and each seat's points by category, added up from the scoring
 * events of the log (roads, cities, monasteries and abbeys, fields and barns, goods; during the
 * game against the final scoring), so the panel shows how the scores came about. A rematch
 * creates a new game with the same seats, expansions and rules, and hands out its links. The
 * post-game analysis comes below the breakdown (`analysis-panel.ts`).
 */
import type { LogEvent, PublicState } from './api.js';
import { api, ApiError } from './api.js';
import { showAnalysis } from './analysis-panel.js';
import { $, el, isolated, withNames } from './dom.js';
import { page } from './game-page.js';
import { seatLink, watchLink } from './links.js';

export const CATEGORIES = [
  ['roads', 'Roads', ['road']],
  ['cities', 'Cities', ['city']],
  ['monasteries', 'Monasteries and abbeys', ['monastery', 'abbey']],
  ['fields', 'Fields and barns', ['field', 'barn', 'barn-join']],
  ['goods', 'Goods', ['goods']],
] as const;
type Category = (typeof CATEGORIES)[number][0];

export interface SeatBreakdown {
  byCategory: Record<Category, number>;
  during: number;
  final: number;
}

const categoryOf = (reason: string): Category =>
  CATEGORIES.find(([, , reasons]) => (reasons as readonly string[]).includes(reason))?.[0] ?? 'goods';

/** Each seat's points by category and by when they were scored, from the log's scoring events. */
export function breakdown(history: readonly (readonly LogEvent[])[], seats: number): SeatBreakdown[] {
  const rows = Array.from({ length: seats }, () => ({
    byCategory: { roads: 0, cities: 0, monasteries: 0, fields: 0, goods: 0 },
    during: 0,
    final: 0,
  }));
  for (const events of history) {
    for (const e of events) {
      // Goods are counted once the tiles are gone: final scoring.
      const scored =
        e.type === 'featureScored'
          ? { category: categoryOf(e.reason), final: e.final }
          : e.type === 'goodsScored'
            ? { category: 'goods' as const, final: true }
            : undefined;
      if (!scored || !('points' in e)) continue;
      for (const p of e.points) {
        const row = rows[p.seat];
        if (!row) continue;
        row.byCategory[scored.category] += p.points;
        if (scored.final) row.final += p.points;
        else row.during += p.points;
      }
    }
  }
  return rows;
}

function winnersText(state: PublicState): string {
  const best = Math.max(...state.scores);
  const winners = state.players.filter((p) => p.score === best).map((p) => isolated(p.name));
  if (winners.length === 1) return `${winners[0]} wins with ${best} points`;
  return `${winners.slice(0, -1).join(', ')} and ${winners.at(-1)} share the win with ${best} points`;
}

/** The panel of a finished game; hidden before. */
export function renderEnd(): void {
  const state = page.state;
  const panel = $('#end');
  panel.hidden = state?.status !== 'finished';
  if (!state || panel.hidden) return;
  withNames($('#winner'), winnersText(state));
  const rows = breakdown(page.history, state.players.length);
  const best = Math.max(...state.scores);
  // A column per player, a row per category: narrow enough for a phone with up to six players.
  const head = el('tr');
  head.append(el('th', 'Points', { scope: 'col' }));
  for (const p of state.players)
    head.append(
      withNames(
        el('th', undefined, { scope: 'col', class: p.score === best ? 'winner' : '' }),
        isolated(p.name) + (p.score === best ? ' ★' : ''),
      ),
    );
  $('#breakdown thead').replaceChildren(head);
  const line = (label: string, key: string, value: (seat: number) => number, cls = '') => {
    const tr = el('tr', undefined, { class: cls });
    tr.append(el('th', label, { scope: 'row' }));
    for (const p of state.players)
      tr.append(
        el('td', String(value(p.seat)), {
          'data-seat': String(p.seat),
          'data-category': key,
          class: p.score === best ? 'winner' : '',
        }),
      );
    return tr;
  };
  $('#breakdown tbody').replaceChildren(
    ...CATEGORIES.map(([key, label]) => line(label, key, (seat) => rows[seat].byCategory[key])),
    line('During the game', 'during', (seat) => rows[seat].during, 'split'),
    line('Final scoring', 'final', (seat) => rows[seat].final),
    line('Total', 'total', (seat) => state.scores[seat] ?? 0, 'total'),
  );
  showAnalysis();
}

/** A new game with the same seats (named players, bots at their level, open seats), expansions and rules. */
async function rematch(): Promise<void> {
  const state = page.state;
  if (!state) return;
  const players = (
    state.seats ??
    state.players.map((p) => ({ kind: 'human' as const, name: p.name, bot: undefined, level: undefined }))
  ).map((s) =>
    s.kind === 'bot' && s.bot
      ? { bot: s.bot, ...(s.level === undefined ? {} : { level: s.level }) }
      : s.kind === 'open'
        ? { open: true as const }
        : { name: s.name },
  );
  const box = $('#rematch-links');
  try {
    const game = await api.create({ players, expansions: state.expansions, rules: state.rules });
    box.replaceChildren(
      el('p', 'A new game with the same seats: send each player their link.'),
      ...game.seats.flatMap((s) => {
        if (!s.token) return [];
        const li = el('li');
        li.append(
          withNames(
            el('a', undefined, { href: seatLink(game.id, s.seat, s.token), class: 'seat-link' }),
            `Play as ${isolated(s.name)}`,
          ),
        );
        return [li];
      }),
      Object.assign(el('a', 'Watch (spectator)', { class: 'spectator-link' }), { href: watchLink(game.id) }),
    );
  } catch (e) {
    box.replaceChildren(el('p', `No rematch: ${e instanceof ApiError ? e.message : String(e)}`));
  }
}

export function wireEnd(): void {
  $('#rematch').addEventListener('click', () => void rematch());
}
