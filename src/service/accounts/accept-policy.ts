import type { ClockSetup } from '../../game-log.js';

/**
 * A bot account's accept policy (`docs/accounts.md`): which challenges it takes by itself, so
 * that a bot waiting for opponents is challenged without a person at its keyboard. A challenge
 * outside the policy is declined with the reason; a bot whose table of games is full declines by
 * itself, policy or not.
 */
export interface AcceptPolicy {
  /** The expansions it plays: a challenge with any other is declined (none given: only the base game). */
  expansions?: string[];
  /** Players per game it plays, inclusive. */
  minPlayers?: number;
  maxPlayers?: number;
  /** `untimed` games only, `timed` ones only, or `any` (the default). */
  clock?: 'any' | 'untimed' | 'timed';
  /** The least time it must be sure of for any turn, in seconds (timed games; `sureTurnSeconds`). */
  minTurnSeconds?: number;
  /** `rated` games only, `casual` ones only, or `any` (the default). */
  rated?: 'any' | 'rated' | 'casual';
  /** Games it plays at once: beyond, it declines (`busy`). */
  maxGames?: number;
}

/** What a challenge asks, as a policy judges it. */
export interface ChallengeTerms {
  expansions: readonly string[];
  players: number;
  clock?: ClockSetup;
  rated: boolean;
}

/** Why a policy declines, or null when it accepts. */
export function policyDeclines(policy: AcceptPolicy, terms: ChallengeTerms, openGames: number): string | null {
  if (policy.maxGames !== undefined && openGames >= policy.maxGames)
    return `busy: it plays ${policy.maxGames} games at once at most`;
  const allowed = new Set(policy.expansions ?? []);
  const other = terms.expansions.find((e) => !allowed.has(e));
  if (other !== undefined) return `expansions: it does not play ${other}`;
  if (policy.minPlayers !== undefined && terms.players < policy.minPlayers)
    return `players: it plays games of ${policy.minPlayers} or more`;
  if (policy.maxPlayers !== undefined && terms.players > policy.maxPlayers)
    return `players: it plays games of ${policy.maxPlayers} or fewer`;
  const clock = policy.clock ?? 'any';
  if (clock === 'untimed' && terms.clock) return 'clock: it plays untimed games only';
  if (clock === 'timed' && !terms.clock) return 'clock: it plays timed games only';
  if (terms.clock && policy.minTurnSeconds !== undefined && sureTurnSeconds(terms.clock) < policy.minTurnSeconds)
    return `clock: it needs ${policy.minTurnSeconds} s a turn or more`;
  const rated = policy.rated ?? 'any';
  if (rated === 'rated' && !terms.rated) return 'rated: it plays rated games only';
  if (rated === 'casual' && terms.rated) return 'rated: it plays casual games only';
  return null;
}

/**
 * The time a seat is sure to have for any turn of a clocked game: the turn's limit, and with a
 * bank only the increment (a bank spent early leaves a late turn that much), whichever is less.
 */
export function sureTurnSeconds(clock: ClockSetup): number {
  const perTurn = clock.turnSeconds ?? Infinity;
  return clock.bankSeconds === undefined ? perTurn : Math.min(perTurn, clock.incrementSeconds ?? 0);
}
