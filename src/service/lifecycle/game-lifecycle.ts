/**
 * The lifecycle's requests (`lifecycle.ts`): joining an open seat, the admin's acts (abort,
 * reissue a token, hand a seat to a bot), resigning, a turn timing out, the lobby, and what the
 * bot driver asks (whose turn a bot plays, a bot's move, the games waiting on bots). Every act
 * goes through the group commit like a move (`act-submission.ts`): decided on the game's
 * current snapshot, appended at the next `seq`, so of two racing joins exactly one wins, in one
 * process or across processes.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ExpansionId, GameSetup, Move } from '../../engine/index.js';
import type { GameStatus, GameStore, LobbySeat, ListCursor, StoredSetup } from '../../storage/game-store.js';
import type { GroupCommit } from '../moves/group-commit.js';
import type { PendingAct } from '../moves/act-submission.js';
import type { Committed, SubmitResult } from '../moves/idempotency.js';
import {
  actorNow,
  botReason,
  botSpecOf,
  deadlineOf,
  isAct,
  isRated,
  statusOf,
  type BotReason,
  type LifecycleStatus,
} from './lifecycle.js';
import type { Act, BotSpec, ClockSetup, SeatAccount } from '../../game-log.js';
import { hashToken, newSeatToken, seatOfCredential, type SeatCredential } from './seat-tokens.js';
import { ServiceError } from '../service-error.js';
import type { Snapshot } from '../cache/snapshot.js';
import type { SnapshotCache } from '../cache/snapshot-cache.js';
import type { ClockedTurn } from './turn-clock.js';

/** A seat's view of its game at one version, for a hint (`hints.ts`). */
export interface SeatPosition {
  version: number;
  seat: number | null;
  status: LifecycleStatus;
  actor: number | null;
  /** The lifecycle's `rated`: a rated game gets no hints. */
  rated: boolean;
  setup: StoredSetup;
  moves: Move[];
}

/** A turn a bot plays: what the bot driver needs to choose its move. */
export interface BotTurn {
  version: number;
  seat: number;
  spec: BotSpec;
  reason: BotReason;
  /** The game's setup, with its seed: the driver replays `moves` on it. */
  setup: GameSetup & { seed: string };
  /** The engine moves of the log, in order (acts left out). */
  moves: Move[];
  /** Every seat is a bot or a resigned player's autopilot: nobody waits for its thinking. */
  botsOnly: boolean;
  /** Who created the game, when this process did (`Snapshot.creator`). */
  owner?: string;
}

/** A joined seat: its token, unless an account joined (its key acts for the seat). */
export interface JoinedSeat {
  seat: number;
  name: string;
  token?: string;
  version: number;
}

export interface ListedGameView {
  id: string;
  status: GameStatus;
  createdAt: string;
  players: LobbySeat[];
  expansions: ExpansionId[];
  /** The clock, when the game has one: a lobby tells it before anyone joins. */
  clock?: ClockSetup;
  /** The result counts for the seats' ratings (`docs/accounts.md`). */
  rated: boolean;
}

/** Tries an act that names no version again when another entry took its `seq` first. */
const ACT_ATTEMPTS = 5;

export class GameLifecycle {
  constructor(
    private readonly store: GameStore,
    private readonly snapshots: SnapshotCache,
    private readonly commits: GroupCommit,
  ) {}

  /**
   * Claims open seat `seat` for a player called `name`, or for an account (which then acts for it
   * by its key: nobody is told the seat's token): first come wins; answers the seat's new token.
   */
  join(id: string, seat: number, who: string): Promise<JoinedSeat & { token: string }>;
  join(id: string, seat: number, who: { account: SeatAccount }): Promise<JoinedSeat>;
  async join(id: string, seat: number, who: string | { account: SeatAccount }): Promise<JoinedSeat> {
    const token = newSeatToken();
    const account = typeof who === 'string' ? undefined : who.account;
    const name = account ? account.name : (who as string);
    const { version } = await this.act(id, (snapshot) => {
      seatIn(snapshot, seat);
      const s = snapshot.life.seats[seat];
      if (snapshot.life.aborted) throw new ServiceError('GAME_ABORTED', 'the game was aborted');
      if (s.kind !== 'open') throw new ServiceError('SEAT_NOT_OPEN', `seat ${seat} is not open: it is taken`);
      if (account && snapshot.life.seats.some((other) => other.account?.id === account.id))
        throw new ServiceError('ACCOUNT_ALREADY_SEATED', `${account.name} already holds a seat of this game`);
      return { type: 'seatJoined', seat, name, tokenHash: hashToken(token), ...(account ? { account } : {}) };
    });
    return account ? { seat, name, version } : { seat, name, token, version };
  }

  /** Aborts the game (admin): no move is accepted after. */
  async abort(id: string, admin: Buffer): Promise<number> {
    return (
      await this.act(id, (snapshot) => {
        checkAdmin(snapshot, admin);
        stillOn(snapshot, true);
        notRated(snapshot, 'abort it');
        return { type: 'gameAborted' };
      })
    ).version;
  }

  /** A new token for a named seat (admin); the old one is refused from this version on. */
  async reissue(id: string, admin: Buffer, seat: number): Promise<{ seat: number; token: string; version: number }> {
    const token = newSeatToken();
    const { version } = await this.act(id, (snapshot) => {
      checkAdmin(snapshot, admin);
      seatIn(snapshot, seat);
      stillOn(snapshot, true);
      if (snapshot.life.seats[seat].kind !== 'human')
        throw new ServiceError('SEAT_NOT_HUMAN', `seat ${seat} has no player to give a token to`);
      return { type: 'tokenReissued', seat, tokenHash: hashToken(token) };
    });
    return { seat, token, version };
  }

  /** Hands a seat (a player's or an open one) to a bot (admin): its later turns are the bot's. */
  async handToBot(id: string, admin: Buffer, seat: number, spec: BotSpec): Promise<number> {
    return (
      await this.act(id, (snapshot) => {
        checkAdmin(snapshot, admin);
        seatIn(snapshot, seat);
        stillOn(snapshot, true);
        notRated(snapshot, 'hand a seat to a bot');
        return { type: 'seatHandedToBot', seat, ...spec };
      })
    ).version;
  }

  /** Seat `seat` (whose token is `digest`) resigns: its score stays, its autopilot plays its turns. */
  async resign(id: string, digest: SeatCredential, seat: number): Promise<{ seat: number; version: number }> {
    const { version } = await this.act(id, (snapshot) => {
      seatIn(snapshot, seat);
      if (seatOfCredential(digest, snapshot.tokenHashes, snapshot.life.seats) !== seat)
        throw new ServiceError('NOT_YOUR_GAME', `this token is not seat ${seat}'s`);
      stillOn(snapshot, false);
      if (snapshot.life.seats[seat].resigned)
        throw new ServiceError('SEAT_RESIGNED', `seat ${seat} has already resigned`);
      return { type: 'seatResigned', seat };
    });
    return { seat, version };
  }

  /**
   * The clock's act: the player's time at `version` ran out (the turn's limit or the bank). With
   * `onTimeout: forfeit` the seat resigns (`seatResigned`, reason `outOfTime`), else its autopilot
   * plays the turn (`turnTimedOut`). Refused as a conflict when the game moved on meanwhile
   * (another process's clock, or the player's move, came first).
   */
  async timeOut(id: string, version: number): Promise<number> {
    return (
      await this.commits.submitAct({
        kind: 'act',
        id,
        expectedVersion: version,
        decide: (snapshot) => {
          const seat = snapshot.life.turnActor;
          if (seat === null || botReason(snapshot.life, seat) !== null)
            throw new ServiceError('NOT_YOUR_TURN', "no player's turn to time out");
          return snapshot.life.clock?.onTimeout === 'forfeit'
            ? { type: 'seatResigned', seat, reason: 'outOfTime' }
            : { type: 'turnTimedOut', seat };
        },
      })
    ).version;
  }

  /** Public games, newest first, after the game `after` (the last of the previous page). */
  async list(
    status: GameStatus | undefined,
    limit: number,
    after?: ListCursor,
  ): Promise<{ games: ListedGameView[]; next?: ListCursor }> {
    const rows = await this.store.listGames({
      ...(status ? { status } : {}),
      limit,
      ...(after ? { cursor: after } : {}),
    });
    const games = rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt,
      players:
        r.seats ?? r.setup.players.map((p, seat) => ({ seat, kind: 'human' as const, name: p.name, resigned: false })),
      expansions: [...(r.setup.expansions ?? [])],
      ...(r.setup.clock ? { clock: { ...r.setup.clock } } : {}),
      rated: isRated(r.setup),
    }));
    const last = rows.at(-1);
    return rows.length === limit && last ? { games, next: { createdAt: last.createdAt, id: last.id } } : { games };
  }

  /** Game `id`'s current turn on a player's clock, or null (the turn clock's question). */
  async clockedTurn(id: string): Promise<ClockedTurn | null> {
    const snapshot = await this.snapshots.read(id);
    const deadline = deadlineOf(snapshot.life);
    return deadline === null ? null : { version: snapshot.version, deadline: Date.parse(deadline) };
  }

  /** The turn a bot must play now in game `id`, or null when none must (a player's turn, or no turn). */
  async botTurn(id: string): Promise<BotTurn | null> {
    const snapshot = await this.snapshots.read(id);
    const seat = botSeatNow(snapshot);
    if (seat === null) return null;
    const reason = botReason(snapshot.life, seat)!;
    const version = snapshot.version;
    const moves = await this.engineMoves(id, version);
    const botsOnly = snapshot.life.seats.every((s) => s.kind === 'bot' || s.resigned);
    return {
      version,
      seat,
      spec: botSpecOf(snapshot.life, seat, reason),
      reason,
      setup: snapshot.setup,
      moves,
      botsOnly,
      owner: snapshot.creator,
    };
  }

  /**
   * For a hint: the seat of the token whose sha256 is `digest` (null for none; reissued tokens
   * count, replaced ones do not), who acts now (null while waiting, aborted or finished), and
   * the game's setup and engine moves, all of one version.
   */
  async seatPosition(id: string, digest: SeatCredential): Promise<SeatPosition> {
    const snapshot = await this.snapshots.read(id);
    const version = snapshot.version;
    const seat = seatOfCredential(digest, snapshot.tokenHashes, snapshot.life.seats);
    const status = statusOf(snapshot.life, snapshot.game);
    const actor = actorNow(snapshot.life, snapshot.game);
    const moves = await this.engineMoves(id, version);
    return { version, seat, status, actor, rated: snapshot.life.rated, setup: snapshot.setup, moves };
  }

  /** The engine moves of game `id`'s log up to `version`, acts left out: what a bot job replays. */
  private async engineMoves(id: string, version: number): Promise<Move[]> {
    const log = await this.store.movesAfter(id, 0);
    return log.flatMap((m) => (m.seq > version || isAct(m.move) ? [] : [m.move]));
  }

  /** A bot's move for `seat` (no token): refused unless a bot plays that seat's turn now. */
  submitAs(id: string, seat: number, expectedVersion: number, move: Move): Promise<SubmitResult> {
    return this.commits.submit(id, { bot: seat }, { expectedVersion, move }, undefined, true);
  }

  /** Active games in which a bot must act now, in id order after `after` (at most `limit` examined). */
  async gamesAwaitingBots(after = '', limit = 100): Promise<{ ids: string[]; next?: string }> {
    const candidates = await this.store.activeGames('autoplay', after, limit);
    const ids: string[] = [];
    for (const id of candidates) if ((await this.botTurnSeat(id)) !== null) ids.push(id);
    return candidates.length === limit ? { ids, next: candidates.at(-1)! } : { ids };
  }

  private async botTurnSeat(id: string): Promise<number | null> {
    let snapshot: Snapshot;
    try {
      snapshot = await this.snapshots.read(id);
    } catch {
      return null; // Deleted meanwhile (retention): nothing to play.
    }
    return botSeatNow(snapshot);
  }

  /** An act at the game's version, tried again when another entry took that version first. */
  private async act(id: string, decide: (snapshot: Snapshot) => Act): Promise<Committed> {
    const pending: PendingAct = { kind: 'act', id, decide };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.commits.submitAct(pending);
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== 'VERSION_CONFLICT' || attempt >= ACT_ATTEMPTS)
          throw error;
      }
    }
  }
}

/** The seat whose turn a bot (or an autopilot) plays now in `snapshot`, or null: a few field reads. */
export function botSeatNow(snapshot: Snapshot): number | null {
  const seat = actorNow(snapshot.life, snapshot.game);
  return seat !== null && botReason(snapshot.life, seat) !== null ? seat : null;
}

function seatIn(snapshot: Snapshot, seat: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= snapshot.life.seats.length)
    throw new ServiceError('SEAT_NOT_FOUND', `the game has no seat ${seat}`);
}

/** Refuses an act on a game that is over (or, unless `waitingToo`, not yet started). */
function stillOn(snapshot: Snapshot, waitingToo: boolean): void {
  const status = statusOf(snapshot.life, snapshot.game);
  if (status === 'aborted') throw new ServiceError('GAME_ABORTED', 'the game was aborted');
  if (status === 'finished') throw new ServiceError('GAME_FINISHED', 'the game is over');
  if (status === 'waiting' && !waitingToo)
    throw new ServiceError('GAME_WAITING', 'the game waits for its open seats to be joined');
}

/**
 * A rated game is played out by its seats (docs/accounts.md): an admin who aborted it when losing
 * would keep a rating, and one who handed a seat to a bot would have the server play for it.
 * Resigning is the way out, and it counts.
 */
function notRated(snapshot: Snapshot, what: string): void {
  if (snapshot.life.rated)
    throw new ServiceError('ADMIN_RATED_GAME', `a rated game is played out by its seats: the admin may not ${what}`);
}

export function checkAdmin(snapshot: Snapshot, digest: Buffer): void {
  if (!snapshot.adminHash || !timingSafeEqual(snapshot.adminHash, digest))
    throw new ServiceError('ADMIN_TOKEN_INVALID', "this is not the game's admin token");
}
