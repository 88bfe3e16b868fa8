/**
 * The stores' vocabulary for the bot ladder (`docs/ladder.md`): the bot accounts that opted in
 * (`ladder_entries`), their duplicate matches (`ladder_matches`: one seed, two games with the
 * seats swapped) and one version (`ladder_state`) that every change of the ladder moves on. A
 * round of the scheduler reads the ladder at a version and writes what it decided only if the
 * ladder is still at that version, so of two nodes deciding at once one writes and the other
 * decides again on what it then reads: a match is scheduled once, and a bot's games at once are
 * counted on what was really written.
 */
import type { AccountKind } from './accounts.js';

/** A match is played while a game of it is not over; finished once both are; void when one was aborted or lost. */
export const LADDER_MATCH_STATUSES = ['playing', 'finished', 'void'] as const;
export type LadderMatchStatus = (typeof LADDER_MATCH_STATUSES)[number];

export interface LadderEntry {
  accountId: string;
  name: string;
  kind: AccountKind;
  /** Ladder games it plays at once at most. */
  maxGames: number;
  joinedAt: string;
}

/** The outcome of a finished pair, from `a`'s side. */
export interface PairOutcome {
  /** Each game's points, `[a's, b's]`: game 1 (a in seat 0), then game 2 (b in seat 0). */
  points: [[number, number], [number, number]];
  /** `a`'s score over the pair in half games, 0 to 4: 1 per game won, ½ per game drawn (`pair-result.ts`). */
  halves: number;
}

export interface LadderMatch {
  id: string;
  /** Seat 0 of the first game, seat 1 of the second. */
  aId: string;
  bId: string;
  /** The secret seed both games draw their pile from: never leaves the store and the scheduler. */
  seed: string;
  /** The first game (a, b) and the second (b, a). */
  gameIds: [string, string];
  status: LadderMatchStatus;
  outcome: PairOutcome | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The ladder as one round decides on it. */
export interface LadderBoard {
  version: number;
  entries: LadderEntry[];
  /** Matches still being played. */
  playing: LadderMatch[];
}

/** How many matches of one ordered pair ended with `a` scoring `halves` (null: still playing). */
export interface LadderTally {
  aId: string;
  bId: string;
  status: LadderMatchStatus;
  halves: number | null;
  count: number;
}

/** A finished match as the ladder's page lists it, with the accounts' names. */
export interface LadderResultRow {
  id: string;
  a: string;
  b: string;
  gameIds: [string, string];
  outcome: PairOutcome;
  finishedAt: string;
}

/** What one round writes, at the version it was decided on. */
export interface LadderChange {
  created: LadderMatch[];
  settled: { id: string; status: Exclude<LadderMatchStatus, 'playing'>; outcome: PairOutcome | null; at: string }[];
}

export interface LadderStore {
  /** Puts the account on the ladder, or changes its games at once; moves the version on. */
  join(accountId: string, maxGames: number, at: string): Promise<void>;
  /** Takes the account off the ladder (its matches being played go on); false when it was not on it. */
  leave(accountId: string): Promise<boolean>;
  entry(accountId: string): Promise<LadderEntry | undefined>;
  board(): Promise<LadderBoard>;
  /** Writes the round's change if the ladder is still at `version` (then at `version + 1`); false, nothing written, otherwise. */
  commit(version: number, change: LadderChange): Promise<boolean>;
  /** The matches counted by ordered pair, status and score (void ones too). */
  tallies(): Promise<LadderTally[]>;
  /** The latest finished matches, newest first. */
  results(limit: number): Promise<LadderResultRow[]>;
}
