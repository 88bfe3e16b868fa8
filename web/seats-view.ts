/**
 * What the game page says about seats beyond the engine's players: who is a bot, which seat is
 * still open, who resigned, and the lifecycle's acts in the log (joins, resignations, timeouts).
 */
import type { Act, SeatView } from './api.js';

/** The lifecycle's acts as the event list and the stream show them (never with a token's hash). */
export type ActEvent = Act;

const ACTS: ReadonlySet<string> = new Set<ActEvent['type']>([
  'seatJoined',
  'tokenReissued',
  'seatHandedToBot',
  'gameAborted',
  'seatResigned',
  'turnTimedOut',
]);
export const isAct = (e: { type: string }): e is ActEvent => ACTS.has(e.type);

const botName = (bot: string | undefined, level: number | undefined) =>
  `${bot ?? ''} bot${level === undefined ? '' : `, level ${level}`}`;

/** A short note after a player's name: bot, open seat, resigned; empty for a playing person. */
export function seatNote(s: SeatView | undefined): string {
  if (!s) return '';
  const notes: string[] = [];
  switch (s.kind) {
    case 'human':
      break;
    case 'open':
      notes.push('open seat');
      break;
    case 'bot':
      notes.push(botName(s.bot, s.level));
      break;
    default: {
      const never: never = s.kind;
      notes.push(String(never));
    }
  }
  if (s.resigned) notes.push('resigned, played by the autopilot');
  return notes.join('; ');
}

/** One log line per act. */
export function actText(e: ActEvent, name: (seat: number) => string): string {
  switch (e.type) {
    case 'seatJoined':
      return `${e.name} joined seat ${e.seat + 1}`;
    case 'tokenReissued':
      return `${name(e.seat)} got a new link`;
    case 'seatHandedToBot':
      return `${name(e.seat)}'s seat was handed to ${e.bot === 'mcts' ? 'an' : 'a'} ${botName(e.bot, e.level)}`;
    case 'gameAborted':
      return 'The game was aborted';
    case 'seatResigned':
      return e.reason === 'outOfTime' ? `${name(e.seat)} ran out of time and forfeits` : `${name(e.seat)} resigned`;
    case 'turnTimedOut':
      return `${name(e.seat)}'s time ran out: the autopilot played the turn`;
    default: {
      const never: never = e;
      return String(never);
    }
  }
}
