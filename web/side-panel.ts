/**
 * The scores and the log, one tap away on a phone (issue 40: they lay below the fold). During a
 * seat's running game the phone's page is one screen (style.css): the side column then opens
 * over the board with "Scores & log" and closes with it, Escape, or a tap on a log line, which
 * then lights that line's tiles on the board (game-log.ts). On a wide screen the column is always there.
 */
import { light } from './board-marks.js';
import { $ } from './dom.js';

/** Whether the side column lies over the board (the phone's one-screen layout) rather than beside it. */
export const sideIsOverlay = () => getComputedStyle($('#side')).position === 'absolute';

export function openSide(open: boolean): void {
  document.body.dataset.side = open ? 'open' : 'closed';
  // Back to the log: the tiles a tapped line lit go dark.
  if (open) light($('#board'), [], 'lit');
  $('#side-toggle').setAttribute('aria-expanded', String(open));
}

/** Escape closes the column where it lies over the board: answers whether it did. */
export function closeSideByKey(): boolean {
  if (document.body.dataset.side !== 'open' || !sideIsOverlay()) return false;
  openSide(false);
  $('#side-toggle').focus({ preventScroll: true });
  return true;
}

export function wireSide(): void {
  openSide(false);
  $('#side-toggle').addEventListener('click', () => openSide(document.body.dataset.side !== 'open'));
}
