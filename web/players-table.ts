/** The players' table: score, supply, goods and abbey, and what each seat is (bot, open, resigned). */
import { LARGE_MEEPLE_WORDS } from '../src/engine/expansions/inns-cathedrals/words.js';
import { seatColour } from '../src/render/index.js';
import type { PublicState } from './api.js';
import { $, el, isolated, withNames } from './dom.js';
import { seatNote } from './seats-view.js';

export function renderPlayers(s: PublicState, mySeat: number | undefined): void {
  const rows = s.players.map((p) => {
    const tr = el('tr', undefined, { 'data-seat': String(p.seat) });
    if (p.seat === s.actor) tr.classList.add('active');
    const supply =
      Object.entries(p.supply)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${n} ${k === 'largeMeeple' ? LARGE_MEEPLE_WORDS : k}`)
        .join(', ') || 'none left';
    const goods = p.goods ? `${p.goods.wine} wine, ${p.goods.wheat} wheat, ${p.goods.cloth} cloth` : '';
    const abbey = p.abbey === undefined ? '' : p.abbey ? 'abbey in hand' : 'abbey placed';
    const nameCell = withNames(el('td'), isolated(p.name) + (p.seat === mySeat ? ' (you)' : ''));
    // Through the CSSOM: the CSP refuses style attributes.
    const dot = el('span', '', { class: 'dot' });
    dot.style.background = seatColour(p.seat);
    nameCell.prepend(dot);
    const note = seatNote(s.seats?.[p.seat]);
    tr.append(
      nameCell,
      el('td', note, { class: 'seat-kind' }),
      el('td', String(p.score), { class: 'score' }),
      el('td', supply),
      el('td', [goods, abbey].filter(Boolean).join('; ') || '—'),
    );
    return tr;
  });
  $('#players tbody').replaceChildren(...rows);
}
