/**
 * The game's log in words and the live stream: the log is read once, then the stream from the
 * version it reached, so no move between the read and the connection is missed. The events are
 * kept by version (`page.history`) for the end panel and the replay. Names are the players' own,
 * read with the state before the log (also after a reload, and for a spectator).
 */
import { clockActed } from './clock-view.js';
import type { LogEvent, StreamMove } from './api.js';
import { api } from './api.js';
import { light, scored, spotsOf } from './board-marks.js';
import { $, el, withNames } from './dom.js';
import { lexicon, page, playerName, status } from './game-page.js';
import { LogLexicon } from './log-lexicon.js';
import { openSide, sideIsOverlay } from './side-panel.js';
import { actText, isAct } from './seats-view.js';
import { eventText, type Lexicon } from './words.js';

/** The line of one event, or undefined for the bookkeeping ones; by default in the words of the state read last. */
export const lineOf = (e: LogEvent, lex: Lexicon = lexicon()): string | undefined =>
  isAct(e) ? actText(e, playerName) : eventText(e, playerName, lex);

/** The log's lines are worded from the log's own tiles, so a live line reads as it will after a reload. */
let told: LogLexicon | undefined;

/** `live`: told by the stream as it happens, so its scorings pop up on the board. */
function log(version: number, events: readonly LogEvent[], live = false): void {
  if (version !== 0) {
    if (version <= page.history.length) return;
    page.history[version - 1] = [...events];
  }
  const list = $('#log');
  told ??= new LogLexicon(page.catalog, page.renderer);
  for (const e of events) {
    told.see(e);
    if (live) {
      scored(e);
      clockActed(e);
    }
    // The lifecycle's acts (joins, resignations...) come in the same log as the moves' events.
    const text = lineOf(e, told.lexicon);
    if (text)
      list.prepend(
        withNames(
          el('li', undefined, {
            class: e.type === 'featureScored' || e.type === 'goodsScored' ? 'scoring' : '',
            'data-version': String(version),
            'data-spots': spotsOf(e)
              .map((p) => `${p.x},${p.y}`)
              .join(' '),
          }),
          text,
        ),
      );
  }
}

const spotsOfLine = (li: Element | null | undefined): { x: number; y: number }[] =>
  (li?.getAttribute('data-spots') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((s) => ({ x: Number(s.split(',')[0]), y: Number(s.split(',')[1]) }));

/**
 * Pointing at a log line lights the tiles it names on the board; a click or a tap lights them
 * and brings them into view (on a phone, closing the scores and log that lay over the board).
 */
export function wireLog(): void {
  const list = $('#log');
  list.addEventListener('mouseover', (e) => {
    light($('#board'), spotsOfLine((e.target as Element).closest('li')), 'lit');
  });
  list.addEventListener('mouseleave', () => light($('#board'), [], 'lit'));
  list.addEventListener('click', (e) => {
    const spots = spotsOfLine((e.target as Element).closest('li'));
    if (spots.length === 0) return;
    if (sideIsOverlay()) openSide(false);
    light($('#board'), spots, 'lit');
    page.board.follow(spots);
  });
}

/** The log so far; answers the version it reaches, where the stream takes over. */
export async function loadLog(): Promise<number> {
  const events = await api.events(page.id);
  $('#log').replaceChildren();
  page.history = [];
  told?.clear();
  log(0, events.created ?? []);
  for (const b of events.events) log(b.seq, b.events);
  return events.version;
}

/** The stream from `after` on; each message redraws from a fresh read. */
export function follow(after: number): void {
  const source = new EventSource(`/games/${encodeURIComponent(page.id)}/stream?after=${after}`);
  source.addEventListener('move', (e) => {
    const m = JSON.parse((e as MessageEvent<string>).data) as StreamMove;
    log(m.version, m.events, true);
    void page.refresh();
  });
  source.addEventListener('state', () => void page.refresh());
  // EventSource reconnects by itself (resuming from the last id); the state is read again meanwhile.
  source.addEventListener('error', () => {
    if (page.state?.status === 'finished' || page.state?.status === 'aborted') source.close();
    else void page.refresh().catch(() => status('Connection lost; reconnecting…'));
  });
}
