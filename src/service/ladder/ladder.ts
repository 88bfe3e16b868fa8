/**
 * The rated bot ladder (`docs/ladder.md`). Bot accounts opt in with the most ladder games they
 * play at once; the scheduler's rounds settle the matches whose two games are over and start
 * duplicate matches among the bots with room (`pairing.ts`): one secret seed, two rated games
 * with the seats swapped, so both bots draw the same tiles in the same order. A round reads the
 * ladder at a version and writes what it decided only at that version (`storage/ladder.ts`): of
 * several nodes deciding at once, one writes and the others decide again on what it wrote. The
 * games are made after the write, under the ids the match named; a game another node should
 * have made and did not (it stopped meanwhile) is made by the next round that finds it missing.
 * Rounds come from a timer and from the end of a ladder game on this node; tests call `round`.
 */
import { randomBytes } from 'node:crypto';
import type { Account, AccountStore } from '../../storage/accounts.js';
import type { LadderEntry, LadderMatch, LadderChange, LadderStore } from '../../storage/ladder.js';
import type { ClockSetup, SeatRequest } from '../../game-log.js';
import type { GameState } from '../answers.js';
import type { CreateGameInput, CreatedGame } from '../lifecycle/game-creation.js';
import { newGameId } from '../lifecycle/seat-tokens.js';
import { ServiceError } from '../service-error.js';
import type { AccountLimits } from '../accounts/accounts.js';
import { SERVER_BOTS, serverBotOf } from '../accounts/server-bots.js';
import { choosePairs, pairKey, type Candidate } from './pairing.js';
import { pairOutcome } from './pair-result.js';
import { ratingInterval, unrated, type LadderRating, type RatingsOf } from './ladder-ratings.js';
import { DEFAULT_SPRT, sprt, type Pentanomial, type SprtParameters, type SprtResult } from './sprt.js';

/** Ladder games run on a clock, so that a bot that stopped cannot hold its opponent's games for ever. */
export const LADDER_CLOCK: ClockSetup = { turnSeconds: 60, onTimeout: 'forfeit' };
/** A match is two games played at once: a bot takes part with room for two. */
export const MIN_LADDER_GAMES = 2;
const ATTEMPTS = 5;
const RESULTS_SHOWN = 20;

/** What a round did. */
export interface LadderRound {
  started: { id: string; a: string; b: string; gameIds: [string, string] }[];
  settled: string[];
}

export interface LadderBot {
  name: string;
  kind: Account['kind'];
  maxGames: number;
  joinedAt: string;
  /** The games of its matches being played (a match counts both until a round settles it). */
  playing: number;
  rating: (LadderRating & { interval: [number, number] }) | null;
  record: { pairs: number; won: number; split: number; lost: number; points: number };
}

export interface LadderHost {
  /** Makes a game under the id the match chose (the service's `create`). */
  create(input: CreateGameInput, id: string): Promise<CreatedGame>;
  /** A game's state now; `GAME_NOT_FOUND` when there is none (yet). */
  state(id: string): Promise<GameState>;
}

/** The server's bots on the ladder (`LADDER_SERVER_BOTS`, `LADDER_SERVER_BOT_GAMES`, `LADDER_SERVER_BOTS_MEET`). */
export interface ServerBotsOnLadder {
  names: readonly string[];
  maxGames: number;
  /** Whether they meet each other (by default they meet only the other bots). */
  meet?: boolean;
}

type GameNow = { over: false } | { over: true; aborted: true } | { over: true; aborted: false; scores: number[] };

export class Ladder {
  private queue: Promise<unknown> = Promise.resolve();
  /** The games of the matches this process last saw being played or started: their end calls a round. */
  private readonly games = new Set<string>();
  private closed = false;
  private readonly joined = new Set<() => void>();
  /** Whether the server's bots meet each other (`LADDER_SERVER_BOTS_MEET`, set when they are enlisted). */
  private serverBotsMeet = false;

  constructor(
    private readonly store: LadderStore,
    private readonly accounts: AccountStore,
    private readonly host: LadderHost,
    private readonly limits: AccountLimits,
    private readonly now: () => Date,
    /** The bots' ratings (`ladder-ratings.ts`): rewired when the accounts are rated. */
    private readonly ratingsOf: RatingsOf = unrated,
  ) {}

  /** Puts a bot account on the ladder, or changes its games at once. */
  async join(account: Account, maxGames: number): Promise<LadderEntry> {
    if (account.kind !== 'bot')
      throw new ServiceError('LADDER_BOTS_ONLY', 'only bot accounts play on the ladder: this is a player account');
    if (maxGames < MIN_LADDER_GAMES || maxGames > this.limits.maxOpenGames)
      throw new ServiceError(
        'BAD_REQUEST',
        `body/maxGames must be from ${MIN_LADDER_GAMES} (a match is two games at once) to ${this.limits.maxOpenGames} (the games an account may sit in)`,
      );
    await this.store.join(account.id, maxGames, this.now().toISOString());
    for (const listener of this.joined) listener();
    return (await this.store.entry(account.id))!;
  }

  /**
   * Puts the server's bots named in `names` on the ladder with `maxGames` each, and takes the
   * others off it (so the setting is the server's configuration, `LADDER_SERVER_BOTS`). Bots
   * whose accounts this server does not have (`missing`: their names were taken) are skipped.
   * With `meet`, this node's rounds pair them with each other too: a run that rates them.
   */
  async enlistServerBots(
    { names, maxGames, meet = false }: ServerBotsOnLadder,
    missing: readonly string[] = [],
  ): Promise<void> {
    this.serverBotsMeet = meet;
    const at = this.now().toISOString();
    for (const bot of SERVER_BOTS) {
      if (names.includes(bot.name) && !missing.includes(bot.name)) await this.store.join(bot.id, maxGames, at);
      else await this.store.leave(bot.id);
    }
    for (const listener of this.joined) listener();
  }

  /** Calls `listener` when a bot joins (or changes its games at once) on this node: a round may match it at once. */
  onJoin(listener: () => void): () => void {
    this.joined.add(listener);
    return () => this.joined.delete(listener);
  }

  /** Takes a bot off the ladder; the matches it is playing go on and count. */
  async leave(account: Account): Promise<void> {
    if (!(await this.store.leave(account.id)))
      throw new ServiceError('LADDER_ENTRY_NOT_FOUND', `${account.name} is not on the ladder`);
  }

  async entry(account: Account): Promise<LadderEntry> {
    const entry = await this.store.entry(account.id);
    if (!entry) throw new ServiceError('LADDER_ENTRY_NOT_FOUND', `${account.name} is not on the ladder`);
    return entry;
  }

  /** One round, after any still running in this process (rounds here never overlap). */
  round(): Promise<LadderRound> {
    const next = this.queue.then(() => (this.closed ? { started: [], settled: [] } : this.roundNow()));
    this.queue = next.catch(() => {});
    return next;
  }

  /** Whether `gameId` is a ladder game this process knows of. */
  plays(gameId: string): boolean {
    return this.games.has(gameId);
  }

  /** Waits for the round running here; no round starts after. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }

  private async roundNow(): Promise<LadderRound> {
    for (let attempt = 1; ; attempt++) {
      const board = await this.store.board();
      const at = this.now().toISOString();
      const change: LadderChange = { created: [], settled: [] };
      const busy = new Map<string, number>();
      const missing: LadderMatch[] = [];
      const onLadder = new Set(board.entries.map((e) => e.accountId));
      for (const m of board.playing) {
        const games = await Promise.all(m.gameIds.map((id) => this.gameNow(id)));
        if (games.some((g) => g === null)) {
          // Its games were never all made (a node stopped after the write) and a bot left since: no match.
          if (!onLadder.has(m.aId) || !onLadder.has(m.bId)) {
            change.settled.push({ id: m.id, status: 'void', outcome: null, at });
            continue;
          }
          missing.push(m);
        }
        const [first, second] = games;
        if (first?.over && second?.over) {
          const outcome = first.aborted || second.aborted ? null : pairOutcome(first.scores, second.scores);
          change.settled.push({ id: m.id, status: outcome ? 'finished' : 'void', outcome, at });
          continue;
        }
        const open = games.filter((g) => !g?.over).length;
        for (const id of [m.aId, m.bId]) busy.set(id, (busy.get(id) ?? 0) + open);
      }
      const pairs = choosePairs(await this.candidates(board.entries, busy), ...(await this.counts()));
      for (const { a, b } of pairs)
        change.created.push({
          id: `lm_${randomBytes(9).toString('base64url')}`,
          aId: a,
          bId: b,
          seed: `ladder-${randomBytes(18).toString('base64url')}`,
          gameIds: [newGameId(), newGameId()],
          status: 'playing',
          outcome: null,
          createdAt: at,
          finishedAt: null,
        });
      const changes = change.created.length + change.settled.length > 0;
      if (!changes || (await this.store.commit(board.version, change))) {
        const names = new Map(board.entries.map((e) => [e.accountId, e]));
        this.games.clear();
        for (const m of [...board.playing, ...change.created]) for (const id of m.gameIds) this.games.add(id);
        await this.makeGames([...missing, ...change.created], names);
        return {
          started: change.created.map((m) => ({
            id: m.id,
            a: names.get(m.aId)!.name,
            b: names.get(m.bId)!.name,
            gameIds: m.gameIds,
          })),
          settled: change.settled.map((s) => s.id),
        };
      }
      if (attempt >= ATTEMPTS) return { started: [], settled: [] };
    }
  }

  /** The bots that may start a match now, with how many. */
  private async candidates(entries: readonly LadderEntry[], busy: ReadonlyMap<string, number>): Promise<Candidate[]> {
    const ratings = await this.ratingsOf(entries.map((e) => e.accountId));
    const out: Candidate[] = [];
    for (const e of entries) {
      const free = e.maxGames - (busy.get(e.accountId) ?? 0);
      if (free < MIN_LADDER_GAMES) continue;
      const budget = this.limits.maxOpenGames - (await this.accounts.openGames(e.accountId));
      const room = Math.floor(Math.min(free, budget) / MIN_LADDER_GAMES);
      if (room > 0)
        out.push({
          accountId: e.accountId,
          room,
          mu: ratings.get(e.accountId)?.mu ?? null,
          server: !this.serverBotsMeet && serverBotOf(e.accountId) !== undefined,
        });
    }
    return out;
  }

  /** Matches (all but void ones) by pair, and by account. */
  private async counts(): Promise<[Map<string, number>, Map<string, number>]> {
    const met = new Map<string, number>();
    const played = new Map<string, number>();
    for (const t of await this.store.tallies()) {
      if (t.status === 'void') continue;
      const key = pairKey(t.aId, t.bId);
      met.set(key, (met.get(key) ?? 0) + t.count);
      for (const id of [t.aId, t.bId]) played.set(id, (played.get(id) ?? 0) + t.count);
    }
    return [met, played];
  }

  /** A ladder game now: null when it is not there (not made yet). */
  private async gameNow(id: string): Promise<GameNow | null> {
    let state: GameState;
    try {
      state = await this.host.state(id);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'GAME_NOT_FOUND') return null;
      throw error;
    }
    if (state.status === 'aborted') return { over: true, aborted: true };
    if (state.status === 'finished') return { over: true, aborted: false, scores: state.scores };
    return { over: false };
  }

  /** Makes the matches' games not made yet: both seats' accounts, the same seed, the seats swapped. */
  private async makeGames(matches: readonly LadderMatch[], entries: ReadonlyMap<string, LadderEntry>): Promise<void> {
    for (const m of matches) {
      const [a, b] = [m.aId, m.bId].map((id): SeatRequest => {
        const { name, kind } = entries.get(id)!;
        return { account: { id, name, kind } };
      });
      for (const [i, players] of [
        [a, b],
        [b, a],
      ].entries()) {
        const id = m.gameIds[i];
        if ((await this.gameNow(id)) !== null) continue;
        try {
          await this.host.create({ players, seed: m.seed, rated: true, visibility: 'public', clock: LADDER_CLOCK }, id);
        } catch (error) {
          // Another node made it meanwhile: the game is there, and that is all a round asks.
          if ((await this.gameNow(id)) === null) throw error;
        }
      }
    }
  }

  /** The ladder's page: its bots with their ratings and records, and the latest pairs. */
  async view(): Promise<{ bots: LadderBot[]; results: Awaited<ReturnType<LadderStore['results']>> }> {
    const [board, tallies, results] = await Promise.all([
      this.store.board(),
      this.store.tallies(),
      this.store.results(RESULTS_SHOWN),
    ]);
    const ratings = await this.ratingsOf(board.entries.map((e) => e.accountId));
    const playing = new Map<string, number>();
    for (const m of board.playing)
      for (const id of [m.aId, m.bId]) playing.set(id, (playing.get(id) ?? 0) + m.gameIds.length);
    const bots = board.entries.map((e): LadderBot => {
      const record = { pairs: 0, won: 0, split: 0, lost: 0, points: 0 };
      for (const t of tallies) {
        if (t.status !== 'finished' || t.halves === null || (t.aId !== e.accountId && t.bId !== e.accountId)) continue;
        const halves = t.aId === e.accountId ? t.halves : 4 - t.halves;
        record.pairs += t.count;
        record.points += (t.count * halves) / 2;
        if (halves > 2) record.won += t.count;
        else if (halves < 2) record.lost += t.count;
        else record.split += t.count;
      }
      const rating = ratings.get(e.accountId);
      return {
        name: e.name,
        kind: e.kind,
        maxGames: e.maxGames,
        joinedAt: e.joinedAt,
        playing: playing.get(e.accountId) ?? 0,
        rating: rating ? { ...rating, interval: ratingInterval(rating) } : null,
        record,
      };
    });
    return { bots, results };
  }

  /** The sequential test of "is `a` stronger than `b`" on their finished pairs (`sprt.ts`). */
  async sprt(
    a: Account,
    b: Account,
    parameters: SprtParameters = DEFAULT_SPRT,
  ): Promise<SprtResult & { counts: Pentanomial }> {
    if (a.id === b.id) throw new ServiceError('BAD_REQUEST', 'query/b names the same account as query/a');
    const counts = [0, 0, 0, 0, 0];
    for (const t of await this.store.tallies()) {
      if (t.status !== 'finished' || t.halves === null) continue;
      if (t.aId === a.id && t.bId === b.id) counts[t.halves] += t.count;
      else if (t.aId === b.id && t.bId === a.id) counts[4 - t.halves] += t.count;
    }
    const pentanomial = counts as unknown as Pentanomial;
    return { ...sprt(pentanomial, parameters), counts: pentanomial };
  }
}
