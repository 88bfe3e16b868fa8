/** The players' table: score, supply, what the expansions add to a seat (goods, abbey), and what each seat is (bot, open, resigned). */
import { playerWords, supplyWords } from './expansion-words.js';
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
        .map(([k, n]) => `${n} ${supplyWords(k)}`)
        .join(', ') || 'none left';
    const extras = playerWords(p);
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
      el('td', extras.join('; ') || '—'),
    );
    return tr;
  });
  $('#players tbody').replaceChildren(...rows);
}
