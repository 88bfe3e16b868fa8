/**
 * The clocks (docs/web-client.md, "Clocks"): every seat's time counting down from the state's
 * `clock` (its bank, and the running seat's turn), a warning before this page's player runs out
 * (the tab's title, a notice, and a beep if the player asked for one), and a notice when the
 * clock acted: the autopilot played a turn, or a seat forfeited. The server decides; the page only
 * counts down from what the state says, with the browser's clock.
 */
import type { LogEvent, PublicState } from './api.js';
import { clockSettingsText } from './clock-words.js';
import { $, button, el, withNames } from './dom.js';
import { page, playerName } from './game-page.js';

type Clock = NonNullable<PublicState['clock']>;

/** The warning comes this long before the time runs out, or at a quarter of a shorter turn limit. */
const WARN_MS = 20_000;
const TICK_MS = 250;
const SOUND = 'carcassonne.clockSound';
const MARK = '⏰ ';

let ticker: ReturnType<typeof setInterval> | undefined;
let warned = false;

/** 75 s → "1:15"; an hour or more → "1:02:03"; never below zero. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Each seat's time left now (ms): its bank, and for the running seat the first of bank and turn limit. */
function timesLeft(clock: Clock, now: number): { bank: (number | undefined)[]; turn: number | undefined } {
  const since = clock.runningSince === null ? now : Date.parse(clock.runningSince);
  const bank = (page.state?.players ?? []).map((p) => {
    const b = clock.banksMs?.[p.seat];
    return b === undefined ? undefined : b - (clock.running === p.seat ? now - since : 0);
  });
  return { bank, turn: clock.deadline === null ? undefined : Date.parse(clock.deadline) - now };
}

const mine = (clock: Clock) => page.token !== undefined && clock.running !== null && clock.running === page.mySeat;

function warnAt(clock: Clock): number {
  return clock.turnSeconds !== undefined ? Math.min(WARN_MS, (clock.turnSeconds * 1000) / 4) : WARN_MS;
}

function beep(): void {
  if (localStorage.getItem(SOUND) !== '1') return;
  document.body.dataset.clockBeeps = String(Number(document.body.dataset.clockBeeps ?? 0) + 1);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where the browser has none: the title and the notice still say it.
  }
}

/** The tab's title with the warning in front, or without it. */
function titleWarning(text: string | undefined): void {
  const bare = document.title.startsWith(MARK)
    ? document.title.slice(document.title.indexOf(' — ') + 3)
    : document.title;
  document.title = text === undefined ? bare : `${MARK}${text} — ${bare}`;
}

function tick(): void {
  const clock = page.state?.status === 'active' ? page.state.clock : undefined;
  const list = document.getElementById('clocks');
  if (!clock || !list) return;
  const now = Date.now();
  const { bank, turn } = timesLeft(clock, now);
  for (const li of list.querySelectorAll<HTMLElement>('li[data-seat]')) {
    const seat = Number(li.dataset.seat);
    const running = clock.running === seat;
    const own = bank[seat];
    const parts = [own === undefined ? (running ? '' : '—') : clockText(own)];
    if (running && clock.turnSeconds !== undefined && turn !== undefined) parts.push(`turn ${clockText(turn)}`);
    li.querySelector('.clock-time')!.textContent = parts.filter(Boolean).join(' · ');
    li.classList.toggle('running', running);
    li.classList.toggle('low', running && turn !== undefined && turn <= warnAt(clock));
  }
  const warning = $('#clock-warning');
  const left = turn;
  if (mine(clock) && left !== undefined && left <= warnAt(clock)) {
    const then = clock.onTimeout === 'forfeit' ? 'you forfeit the game' : 'the autopilot plays your turn';
    warning.textContent = `${clockText(left)} left: then ${then}.`;
    warning.hidden = false;
    titleWarning(`${clockText(left)} left`);
    if (!warned) beep();
    warned = true;
  } else {
    warning.hidden = true;
    titleWarning(undefined);
    warned = false;
  }
}

/** The clocks' panel: made once, the first time a state with a clock is shown. */
function panel(): HTMLElement {
  let box = document.getElementById('clock-box');
  if (box) return box;
  box = el('section', undefined, { id: 'clock-box', 'aria-label': 'Clocks' });
  const sound = el('input', undefined, { type: 'checkbox', id: 'clock-sound' });
  sound.checked = localStorage.getItem(SOUND) === '1';
  sound.addEventListener('change', () =>
    sound.checked ? localStorage.setItem(SOUND, '1') : localStorage.removeItem(SOUND),
  );
  const settings = el('p', undefined, { id: 'clock-settings', class: 'help' });
  const soundLabel = el('label', undefined, { class: 'clock-sound' });
  soundLabel.append(sound, ' Beep before my time runs out');
  soundLabel.title = 'A short beep when 20 s are left';
  box.append(
    el('ul', undefined, { id: 'clocks' }),
    ...(page.token ? [soundLabel] : []),
    el('p', undefined, { id: 'clock-warning', role: 'alert', hidden: '' }),
    settings,
  );
  $('#turn').prepend(box);
  return box;
}

/** On every redraw: the seats' clocks from the state (and a ticker while the game runs). */
export function showClocks(state: PublicState): void {
  const clock = state.clock;
  if (!clock) return;
  const box = panel();
  box.hidden = state.status !== 'active';
  $('#clock-settings').textContent = `Clock: ${clockSettingsText(clock)}`;
  const list = $('#clocks');
  list.replaceChildren(
    ...state.players.map((p) => {
      const li = withNames(el('li', undefined, { 'data-seat': String(p.seat) }), `${playerName(p.seat)} `);
      li.append(el('span', '', { class: 'clock-time' }));
      return li;
    }),
  );
  tick();
  if (state.status === 'active') ticker ??= setInterval(tick, TICK_MS);
  else {
    clearInterval(ticker);
    ticker = undefined;
    titleWarning(undefined);
  }
}

/**
 * An act of the clock just told by the stream: a notice that stays until dismissed, so that an
 * autopilot's move or a forfeit is seen, not only a log line below the fold.
 */
export function clockActed(e: LogEvent): void {
  let text: string;
  if (e.type === 'turnTimedOut')
    text =
      e.seat === page.mySeat && page.token
        ? 'Your time ran out: the autopilot played your turn.'
        : `${playerName(e.seat)}'s time ran out: the autopilot played the turn.`;
  else if (e.type === 'seatResigned' && 'reason' in e && e.reason === 'outOfTime')
    text =
      e.seat === page.mySeat && page.token
        ? 'Your time ran out: you forfeit the game, and the autopilot plays your turns.'
        : `${playerName(e.seat)} ran out of time and forfeits: the autopilot plays the seat's turns.`;
  else return;
  let notice = document.getElementById('clock-notice');
  if (!notice) {
    notice = el('div', undefined, { id: 'clock-notice', role: 'alert' });
    document.querySelector('header')!.after(notice);
  }
  notice.replaceChildren(
    withNames(el('span'), text),
    ' ',
    button('OK', () => notice.remove(), { class: 'dismiss', 'aria-label': 'Dismiss the notice' }),
  );
}
