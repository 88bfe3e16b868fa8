/**
 * The replay scrubber, for a finished game and for a spectator: first, back, forward, last and
 * a slider step through the versions. Each step shows the state (`GET /games/{id}?version=N`)
 * and the board the server drew (`board.svg?version=N`) after that move, both immutable (the
 * browser keeps them), with the move's tile and figures marked and its log lines told. Back at
 * the last version of a running game, the page follows the game live again.
 */
import type { Spot, Target } from '../src/render/index.js';
import { api, type LogEvent, type PublicState } from './api.js';
import { $, withNames } from './dom.js';
import { page, status } from './game-page.js';
import { lineOf } from './game-log.js';
import { showState } from './state-view.js';

/** The version shown when scrubbing (undefined: the page follows the game live). */
export let replaying: number | undefined;
let asked = 0;

/** Where a log entry's events put tiles and figures: what the board marks at that step. */
function moved(events: readonly LogEvent[]): { tiles: Spot[]; figures: Target[] } {
  const tiles: Spot[] = [];
  const figures: Target[] = [];
  for (const e of events) {
    if (e.type === 'tilePlaced' || e.type === 'abbeyPlaced') tiles.push({ x: e.x, y: e.y });
    if (e.type === 'figurePlaced') figures.push(e.figure);
    if (e.type === 'wagonMoved') figures.push(e.to);
  }
  return { tiles, figures };
}

const last = () => page.state?.version ?? 0;
const offered = () => page.state !== undefined && (page.state.status === 'finished' || page.token === undefined);

async function show(version: number): Promise<void> {
  const v = Math.max(0, Math.min(version, last()));
  const mine = ++asked;
  if (v === last() && page.state?.status !== 'finished') {
    replaying = undefined;
    renderScrubber();
    return page.refresh();
  }
  replaying = v;
  renderScrubber();
  const [state, svg] = await Promise.all([api.state(page.id, v), api.boardAt(page.id, v)]);
  // A later step was asked meanwhile: it draws, not this one.
  if (mine !== asked) return;
  showAt(state, svg);
}

/** Draws the game at a replayed version: the server's board, the move marked and told, the players then. */
function showAt(state: PublicState, svg: string): void {
  const v = state.version;
  document.body.dataset.replay = String(v);
  page.board.show(svg, state);
  const events = v > 0 ? (page.history[v - 1] ?? []) : [];
  const { tiles, figures } = moved(events);
  page.board.markMove(tiles, figures);
  // The view follows the replay: the move's tile in view at a readable size (the final zoom, kept, hid it).
  page.board.follow([...tiles, ...figures]);
  const lines = events.map((e) => lineOf(e)).filter((l): l is string => l !== undefined);
  withNames(
    $('#replay-move'),
    v === 0
      ? 'The start: the first tile lies on the board'
      : `Move ${v}: ${lines.join('; ') || 'no change on the board'}`,
  );
  showState(state);
  status(`Replay: move ${v} of ${last()}`);
}

/** The scrubber's controls, after every redraw. */
export function renderScrubber(): void {
  const box = $('#replay');
  box.hidden = !offered();
  if (box.hidden) return;
  const slider = $<HTMLInputElement>('#replay-slider');
  const at = replaying ?? last();
  slider.max = String(last());
  slider.value = String(at);
  slider.setAttribute('aria-valuetext', `move ${at} of ${last()}`);
  $('#replay-at').textContent = `${at} / ${last()}`;
  $<HTMLButtonElement>('#replay-first').disabled = at === 0;
  $<HTMLButtonElement>('#replay-back').disabled = at === 0;
  $<HTMLButtonElement>('#replay-forward').disabled = at === last();
  $<HTMLButtonElement>('#replay-last').disabled = replaying === undefined;
  if (replaying === undefined) {
    delete document.body.dataset.replay;
    $('#replay-move').textContent = '';
  }
}

/**
 * Brings the board to the top of the window, the scrubber's slider taking the keyboard's focus
 * (without a scroll of its own): a link into the replay was followed from further down the page.
 */
export function showBoard(): void {
  $('.board-area').scrollIntoView({ block: 'start' });
  $('#replay-slider').focus({ preventScroll: true });
}

/** Shows the replay after move `version` where the page offers one (a finished game, a spectator's page); answers whether it does. */
export function replayAt(version: number): boolean {
  if (!offered()) return false;
  show(version).catch((e) => status(`Replay failed: ${String(e)}`));
  return true;
}

export function wireScrubber(): void {
  const step = (to: () => number) => () => void show(to()).catch((e) => status(`Replay failed: ${String(e)}`));
  $('#replay-first').addEventListener(
    'click',
    step(() => 0),
  );
  $('#replay-back').addEventListener(
    'click',
    step(() => (replaying ?? last()) - 1),
  );
  $('#replay-forward').addEventListener(
    'click',
    step(() => (replaying ?? last()) + 1),
  );
  $('#replay-last').addEventListener(
    'click',
    step(() => last()),
  );
  const slider = $<HTMLInputElement>('#replay-slider');
  slider.addEventListener(
    'input',
    step(() => Number(slider.value)),
  );
}
