/**
 * The choices of a decision besides placing a tile: where a figure may go (targets on the board,
 * each with every figure that may go there), the moves' buttons, each figure's with its picture
 * (issue 40: one mark stood for a knight, a mayor and a wagon), passing first. On a narrow screen
 * a place with several figures is one button, as its target on the board is: every choice at
 * every place did not fit a phone's one screen. A chosen place lists its figures, said once where.
 */
import type { FigureKind } from '../src/engine/index.js';
import { figureIcon, seatColour, type Target } from '../src/render/index.js';
import type { Move } from './api.js';
import { showClaim } from './claim-view.js';
import { $, button, el } from './dom.js';
import { lexicon, myTurn, page } from './game-page.js';
import { hintedMove } from './hint-panel.js';
import { choiceLabels, distinct, featureWords } from './words.js';

/** Moves are flat records of strings and numbers; the same move may list its members in another order. */
export function sameMove(a: Move, b: Move): boolean {
  const ra: Record<string, unknown> = { ...a };
  const rb: Record<string, unknown> = { ...b };
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k]);
}

const isHinted = (m: Move) => {
  const h = hintedMove();
  return h !== undefined && sameMove(m, h);
};

/** The hint's move (or a place holding it), if this is it: its button says so (the board marks its place). */
export function hinted(m: Move | readonly Move[], b: HTMLButtonElement): HTMLButtonElement {
  if ((Array.isArray(m) ? m : [m]).some(isHinted)) {
    b.classList.add('hinted');
    b.append(el('span', ' (hint)', { class: 'hint-mark' }));
  }
  return b;
}

type FigureMove = Extract<Move, { type: 'placeFigure' | 'moveWagon' | 'placeBarn' }>;
const isFigureMove = (m: Move): m is FigureMove =>
  m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn';
const figureOf = (m: FigureMove): FigureKind =>
  m.type === 'placeFigure' ? m.figure : m.type === 'moveWagon' ? 'wagon' : 'barn';

/** Every legal move with its label, the figure choices' labels made distinct. */
export function labelled(): { move: Move; label: string }[] {
  const moves = page.legal?.moves ?? [];
  const labels = choiceLabels(moves, lexicon());
  return moves.map((move, i) => ({ move, label: labels[i] }));
}

type Choice = { move: FigureMove; label: string };
type FigureTarget = Target & { figures: FigureKind[]; label: string; choices: Choice[] };

/**
 * Where a figure may go now (a feature, or a barn's corner), each with its choices there and
 * every figure they would place (the board shows each one's shape in the target).
 */
export function targets(): FigureTarget[] {
  if (!myTurn()) return [];
  const byPlace = new Map<string, FigureTarget>();
  for (const { move, label } of labelled()) {
    if (!isFigureMove(move)) continue;
    const where: Target =
      move.type === 'placeBarn'
        ? { x: move.x, y: move.y, corner: move.corner }
        : { x: move.x, y: move.y, feature: move.feature };
    const key = `${move.x},${move.y},${where.corner ?? where.feature}`;
    const entry = byPlace.get(key) ?? { ...where, figures: [], label: '', choices: [] };
    if (!entry.figures.includes(figureOf(move))) entry.figures.push(figureOf(move));
    entry.choices.push({ move, label });
    entry.label = entry.choices.map((c) => c.label).join(' or ');
    byPlace.set(key, entry);
  }
  return [...byPlace.values()];
}

export function chooseTarget(index: number | undefined): void {
  page.target = index;
  page.board.markTarget(index);
  // A tap shows what a pointer shows: the whole feature, and who holds it.
  showClaim(index === undefined ? undefined : targets()[index]);
  page.redraw();
  $('#decisions button')?.focus({ preventScroll: true });
}

/** The place several choices' labels share ("in the north city"), if they all end with it. */
function commonPlace(labels: readonly string[]): string | undefined {
  const place = (l: string) => /^.+? ((?:in|on) the .+)$/.exec(l)?.[1];
  const first = place(labels[0] ?? '');
  return labels.length > 1 && first !== undefined && labels.every((l) => place(l) === first) ? first : undefined;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The figure's picture, in the seat's colour, lying on a field as a farmer does: before the button's words. */
function icon(kind: FigureKind, on: string): HTMLElement {
  const span = el('span', undefined, { class: 'choice-icon', 'data-kind': kind });
  span.innerHTML = figureIcon(kind, seatColour(page.legal?.actor ?? 0), on);
  return span;
}

const featureOf = (m: FigureMove) =>
  m.type === 'placeBarn' ? 'field' : featureWords(lexicon(), m.x, m.y, m.feature).kind;

function moveButton(c: { move: Move; label: string }, text: string, submit: (m: Move) => void): HTMLButtonElement {
  const attrs: Record<string, string> = { class: `move move-${c.move.type}` };
  // Its full words for screen readers when the visible ones leave out the place said above.
  if (text !== c.label) attrs['aria-label'] = c.label;
  const b = button(text, () => submit(c.move), attrs);
  if (isFigureMove(c.move)) b.prepend(icon(figureOf(c.move), featureOf(c.move)));
  return hinted(c.move, b);
}

/** The choices after the placement's, into `box`: a chosen place's figures, or every move (or place). */
export function renderChoices(box: HTMLElement, submit: (m: Move) => void): void {
  const all = targets();
  const chosen = page.target === undefined ? undefined : all[page.target];
  const list = el('div', undefined, { class: 'choices' });
  if (chosen) {
    const place = commonPlace(chosen.choices.map((c) => c.label));
    box.append(el('p', place ? `${capital(place)}:` : `On the board: ${chosen.label}`));
    for (const c of chosen.choices)
      list.append(moveButton(c, place ? c.label.slice(0, -place.length - 1) : c.label, submit));
    list.append(button('Another choice', () => chooseTarget(undefined)));
    box.append(list);
    return;
  }
  if (all.length > 0) box.append(el('p', "Tap a figure's mark on the board, or pick below:", { class: 'help' }));
  // Passing first: it never lies below a long list of figure choices.
  const moves = labelled()
    // Undo has its own place beside the status (decisions.ts).
    .filter((c) => c.move.type !== 'placeTile' && c.move.type !== 'placeAbbey' && c.move.type !== 'undo')
    .sort((a, b) => Number(b.move.type === 'pass') - Number(a.move.type === 'pass'));
  const narrow = matchMedia('(max-width: 899px)').matches;
  const places = narrow ? all.map((t) => commonPlace(t.choices.map((c) => c.label))) : [];
  const grouped = distinct(places.map((p) => (p === undefined ? '' : capital(p))));
  for (const c of moves) {
    const at = isFigureMove(c.move) ? all.findIndex((t) => t.choices.some((o) => o.move === c.move)) : -1;
    if (at < 0 || places[at] === undefined) list.append(moveButton(c, c.label, submit));
    else if (all[at].choices[0].move === c.move) {
      // One button for the place, with the picture of each figure it takes.
      const target = all[at];
      const b = button(grouped[at], () => chooseTarget(at), {
        class: 'place',
        'aria-label': `${grouped[at]}: ${target.choices.map((o) => o.label.slice(0, -places[at]!.length - 1)).join(', ')}`,
      });
      b.prepend(...target.choices.map((o) => icon(figureOf(o.move), featureOf(o.move))));
      list.append(
        hinted(
          target.choices.map((o) => o.move),
          b,
        ),
      );
    }
  }
  box.append(list);
}
