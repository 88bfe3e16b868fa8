/**
 * The game's log in words and the live stream: the log is read once, then the stream from the
 * version it reached, so no move between the read and the connection is missed.
 */
import type { GameEvent } from './api.js';
import { api } from './api.js';
import { $, el } from './dom.js';
import { page, playerName, status } from './game-page.js';
import { actText, isAct } from './seats-view.js';
import { eventText } from './words.js';

let logged = 0;

function log(version: number, events: readonly (GameEvent | { type: string })[]): void {
  if (version <= logged && version !== 0) return;
  logged = version;
  const list = $('#log');
  for (const e of events) {
    // The lifecycle's acts (joins, resignations...) come in the same log as the moves' events.
    const text = isAct(e) ? actText(e, playerName) : eventText(e as GameEvent, playerName);
    if (text) list.prepend(el('li', text, { class: e.type === 'featureScored' || e.type === 'goodsScored' ? 'scoring' : '' }));
  }
}

/** The log so far; answers the version it reaches, where the stream takes over. */
export async function loadLog(): Promise<number> {
  const events = await api.events(page.id);
  $('#log').replaceChildren();
  logged = 0;
  log(0, events.created ?? []);
  for (const b of events.events) log(b.seq, b.events);
  return events.version;
}

/** The stream from `after` on; each message redraws from a fresh read. */
export function follow(after: number): void {
  const source = new EventSource(`/games/${encodeURIComponent(page.id)}/stream?after=${after}`);
  source.addEventListener('move', (e) => {
    const m = JSON.parse((e as MessageEvent).data) as { version: number; events: GameEvent[] };
    log(m.version, m.events);
    void page.refresh();
  });
  source.addEventListener('state', () => void page.refresh());
  // EventSource reconnects by itself (resuming from the last id); the state is read again meanwhile.
  source.addEventListener('error', () => {
    if (page.state?.status === 'finished' || page.state?.status === 'aborted') source.close();
    else void page.refresh().catch(() => status('Connection lost; reconnecting…'));
  });
}
