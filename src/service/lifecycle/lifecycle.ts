/**
 * The game's lifecycle beside the engine game: who sits in each seat (a named player, an open
 * seat, a bot), who resigned, whether the game was aborted, and the turn clock. It changes only
 * by acts, entries of the same move log as engine moves (sharing `seq`, so `version` counts
 * them), and is rebuilt by the same fold: a replay of the log gives the same lifecycle.
 * Invariant: an act's `tokenHash` (a seat token's sha256) never leaves the service: the log,
 * events and stream show `publicAct(act)`.
 */
import { actorOf, isFinished, type Game, type GameSetup } from '../../engine/index.js';
import {
  ACT_TYPES,
  type Act,
  type BotSpec,
  type ClockSetup,
  type LifecycleSetup,
  type PublicAct,
  type SeatAccount,
  type SeatKind,
  type SeatRequest,
  type SeatView,
} from '../../game-log.js';
import { clockView, newBanks, stopClock, turnLimitMs } from './game-clock.js';
import { serverBotOf } from '../accounts/server-bots.js';

const ACT_SET: ReadonlySet<string> = new Set(ACT_TYPES);

export function isAct(entry: { type: string }): entry is Act {
  return ACT_SET.has(entry.type);
}

export function publicAct(act: Act): PublicAct {
  switch (act.type) {
    case 'seatJoined':
      return { type: act.type, seat: act.seat, name: act.name };
    case 'tokenReissued':
      return { type: act.type, seat: act.seat };
    case 'seatHandedToBot':
    case 'gameAborted':
    case 'seatResigned':
    case 'turnTimedOut':
      return act;
  }
}

/** The seat an act concerns, as the log's `seat` column; `gameAborted` concerns none and is logged as seat 0. */
export function actSeat(act: Act): number {
  return act.type === 'gameAborted' ? 0 : act.seat;
}

export type LifecycleStatus = 'waiting' | 'active' | 'finished' | 'aborted';
/** Why a bot plays the current turn: a bot seat, a seat handed to a bot, or the autopilot of a resigned or timed-out seat. */
export type BotReason = 'bot' | 'handedToBot' | 'resigned' | 'timedOut';

export interface SeatLife {
  kind: SeatKind;
  name: string;
  bot?: BotSpec;
  resigned: boolean;
  handedToBot: boolean;
  /** The account holding the seat: its key acts for it. */
  account?: SeatAccount;
}

export interface Lifecycle {
  seats: SeatLife[];
  aborted: boolean;
  pile: 'seeded' | 'fixed';
  /** The result counts for the seats' ratings (`docs/accounts.md`). */
  rated: boolean;
  clock: ClockSetup | null;
  /** Each seat's time bank in ms (for the seat whose time runs: as at `turnStartedAt`), or null without one. */
  banks: number[] | null;
  /** The seat whose time runs since `turnStartedAt` (`runningSeat` when the turn began), or null. */
  clockSeat: number | null;
  /** The actor of the current turn, and the `at` of the log entry (or creation) that started it. */
  turnActor: number | null;
  turnStartedAt: string;
  /** The current turn timed out: its autopilot plays it. */
  timedOut: boolean;
  /** Set by any act: the state then shows the lifecycle's names and status. */
  acted: boolean;
  /** Created with open seats. */
  waiting: boolean;
  /** The names the engine was given (placeholders for open seats). */
  engineNames: readonly string[];
  /** The seats' view in the state, made once per act (`answers.ts`). */
  seatsView?: SeatView[];
}

/** The autopilot of a resigned or timed-out seat. */
const AUTOPILOT: BotSpec = { bot: 'greedy' };

export function seatOf(request: SeatRequest, seat: number): SeatLife {
  if ('account' in request) {
    // One of the server's bots: a bot seat its driver plays, carrying the account for its rating.
    const bot = serverBotOf(request.account.id);
    if (bot)
      return {
        kind: 'bot',
        name: request.account.name,
        bot,
        resigned: false,
        handedToBot: false,
        account: request.account,
      };
    return { kind: 'human', name: request.account.name, resigned: false, handedToBot: false, account: request.account };
  }
  if ('name' in request) return { kind: 'human', name: request.name, resigned: false, handedToBot: false };
  if ('open' in request) return { kind: 'open', name: `Open seat ${seat + 1}`, resigned: false, handedToBot: false };
  const bot = request.level === undefined ? { bot: request.bot } : { bot: request.bot, level: request.level };
  return { kind: 'bot', name: `${request.bot} bot`, bot, resigned: false, handedToBot: false };
}

/** The engine's names for the seats: open and bot seats get a placeholder until joined. */
export function engineNames(seats: readonly SeatRequest[]): { name: string }[] {
  return seats.map((s, i) => ({ name: seatOf(s, i).name }));
}

/** The stored setup's `rated` is optional (absent in casual games and in logs written before it). */
export function isRated(setup: LifecycleSetup): boolean {
  return setup.rated === true;
}

export function newLifecycle(setup: GameSetup & LifecycleSetup, game: Game, createdAt: string): Lifecycle {
  const seats = (setup.seats ?? setup.players).map(seatOf);
  const clock = setup.clock ?? null;
  const life: Lifecycle = {
    seats,
    aborted: false,
    pile: setup.tileOrder ? 'fixed' : 'seeded',
    rated: isRated(setup),
    clock,
    banks: newBanks(clock, seats.length),
    clockSeat: null,
    turnActor: null,
    turnStartedAt: createdAt,
    timedOut: false,
    acted: false,
    waiting: seats.some((s) => s.kind === 'open'),
    engineNames: setup.players.map((p) => p.name),
  };
  life.turnActor = actorNow(life, game);
  life.clockSeat = runningSeat(life);
  return life;
}

/** Asked several times per move: a game no act touched is decided by the engine alone. */
export function statusOf(life: Lifecycle, game: Game): LifecycleStatus {
  if (life.acted || life.waiting) {
    if (life.aborted) return 'aborted';
    if (life.seats.some((s) => s.kind === 'open')) return 'waiting';
  }
  return isFinished(game) ? 'finished' : 'active';
}

/** The seat that must act now, or null (a waiting, aborted or finished game). */
export function actorNow(life: Lifecycle, game: Game): number | null {
  return statusOf(life, game) === 'active' ? actorOf(game) : null;
}

/** Applies an act (already judged) to the lifecycle; `tokenHashes` takes a new seat token's hash. */
export function applyAct(life: Lifecycle, tokenHashes: Buffer[], act: Act): void {
  life.acted = true;
  life.seatsView = undefined;
  switch (act.type) {
    case 'seatJoined':
      life.seats[act.seat] = {
        kind: 'human',
        name: act.name,
        resigned: false,
        handedToBot: false,
        ...(act.account ? { account: act.account } : {}),
      };
      tokenHashes[act.seat] = Buffer.from(act.tokenHash, 'hex');
      return;
    case 'tokenReissued':
      tokenHashes[act.seat] = Buffer.from(act.tokenHash, 'hex');
      return;
    case 'seatHandedToBot': {
      const seat = life.seats[act.seat];
      const bot = act.level === undefined ? { bot: act.bot } : { bot: act.bot, level: act.level };
      life.seats[act.seat] = { ...seat, kind: 'bot', bot, handedToBot: true };
      return;
    }
    case 'gameAborted':
      life.aborted = true;
      return;
    case 'seatResigned':
      life.seats[act.seat].resigned = true;
      return;
    case 'turnTimedOut':
      life.timedOut = true;
      return;
  }
}

/**
 * After every log entry (a move or an act, at `at`): a new actor starts a new turn. A seat's time
 * stops when its turn ends or when it stops being its player's (timed out, resigned, handed to a
 * bot): its bank pays the time used.
 */
export function afterEntry(life: Lifecycle, game: Game, at: string): void {
  const actor = actorNow(life, game);
  const changed = actor !== life.turnActor;
  const stopped = life.clockSeat;
  if (stopped !== null && (changed || runningSeat(life) !== stopped)) {
    const seat = life.seats[stopped];
    stopClock(life.clock!, life.banks, stopped, life.turnStartedAt, at, seat.resigned || seat.handedToBot);
    life.clockSeat = null;
  }
  if (!changed) return;
  life.turnActor = actor;
  life.turnStartedAt = at;
  life.timedOut = false;
  life.clockSeat = runningSeat(life);
}

/** The seat whose time runs now: a player (not a bot, not an autopilot) who must act in a game with a clock. */
export function runningSeat(life: Lifecycle): number | null {
  const seat = life.turnActor;
  return life.clock !== null && seat !== null && botReason(life, seat) === null ? seat : null;
}

/** Why a bot plays the current turn, or null when its seat's player does (or nobody must act). */
export function botReason(life: Lifecycle, seat: number): BotReason | null {
  const s = life.seats[seat];
  if (s.kind === 'bot') return s.handedToBot ? 'handedToBot' : 'bot';
  if (s.resigned) return 'resigned';
  if (life.timedOut && life.turnActor === seat) return 'timedOut';
  return null;
}

/** The bot a seat's turns are played by for `reason`. */
export function botSpecOf(life: Lifecycle, seat: number, reason: BotReason): BotSpec {
  return reason === 'bot' || reason === 'handedToBot' ? life.seats[seat].bot! : AUTOPILOT;
}

/** When the current player's time runs out (ISO): the turn's limit or the bank, the first; null when no player's time runs. */
export function deadlineOf(life: Lifecycle): string | null {
  const seat = runningSeat(life);
  if (seat === null) return null;
  return new Date(Date.parse(life.turnStartedAt) + turnLimitMs(life.clock!, life.banks, seat)).toISOString();
}

/** The clock as the state shows it, or undefined for a game without one. */
export function clockViewOf(life: Lifecycle) {
  if (life.clock === null) return undefined;
  return clockView(life.clock, life.banks, runningSeat(life), life.turnStartedAt, deadlineOf(life));
}

/** The seats as the lobby and the state show them. */
export function seatViews(life: Lifecycle): SeatView[] {
  return life.seats.map((s, seat) => ({
    seat,
    kind: s.kind,
    name: s.name,
    ...(s.bot ? { bot: s.bot.bot, ...(s.bot.level === undefined ? {} : { level: s.bot.level }) } : {}),
    resigned: s.resigned,
    ...(s.account ? { account: { name: s.account.name, kind: s.account.kind } } : {}),
  }));
}

/** The seat account `accountId` holds in the game, or null. */
export function accountSeat(life: Lifecycle, accountId: string): number | null {
  const seat = life.seats.findIndex((s) => s.account?.id === accountId);
  return seat < 0 ? null : seat;
}
