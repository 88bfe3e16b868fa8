/**
 * Challenges (`docs/accounts.md`): an account asks one or more accounts to play a game with
 * given options; each accepts or declines; when all have accepted the game is made and starts
 * (its `gameStarted` events tell them). A challenged bot with an accept policy answers by itself
 * when the challenge is made; any bot whose table of games is full declines by itself. Every
 * change is decided on the challenge as read and written only if nobody changed it meanwhile
 * (its version), with the events it tells, in one transaction: of two nodes answering at once one
 * wins and the other decides again.
 */
import { randomBytes } from 'node:crypto';
import { createGame, type Registry } from '../../engine/index.js';
import type {
  Account,
  AccountStore,
  ChallengeChange,
  ChallengeRecord,
  ChallengeSeat,
  ChallengeStatus,
  NewAccountEvent,
} from '../../storage/accounts.js';
import { ServiceError } from '../service-error.js';
import { newGameId } from '../lifecycle/seat-tokens.js';
import type { CreateGameInput, CreatedGame } from '../lifecycle/game-creation.js';
import { nameKey } from './account-keys.js';
import { seatAccount, type AccountLimits } from './accounts.js';
import { serverBotOf } from './server-bots.js';
import { policyDeclines, type AcceptPolicy } from './accept-policy.js';

/** The game's options a challenge carries: the creation's own. */
export type ChallengeOptions = Pick<CreateGameInput, 'expansions' | 'rules' | 'clock' | 'rated'>;

export interface ChallengeView {
  id: string;
  status: ChallengeStatus;
  challenger: string;
  seats: { name: string; kind: Account['kind']; answer: ChallengeSeat['answer'] }[];
  options: ChallengeOptions;
  gameId?: string;
  reason?: string;
  createdAt: string;
}

const ATTEMPTS = 5;

interface Decision {
  change: ChallengeChange;
  events: NewAccountEvent[];
}

export function challengeView(c: ChallengeRecord): ChallengeView {
  return {
    id: c.id,
    status: c.status,
    challenger: c.seats[0].name,
    seats: c.seats.map(({ name, kind, answer }) => ({ name, kind, answer })),
    options: c.options,
    ...(c.gameId ? { gameId: c.gameId } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
    createdAt: c.createdAt,
  };
}

export class Challenges {
  constructor(
    private readonly store: AccountStore,
    private readonly registry: Registry,
    private readonly now: () => Date,
    private readonly limits: AccountLimits,
    /** Makes the challenge's game (the service's `create`), under the id the challenge chose. */
    private readonly createGame: (input: CreateGameInput, id: string) => Promise<CreatedGame>,
    /** Events were written for these accounts: their streams here look at once. */
    private readonly written: (accountIds: string[]) => void,
  ) {}

  /** `challenger` challenges the accounts named `names` to a game with `options`. */
  async create(challenger: Account, names: readonly string[], options: ChallengeOptions): Promise<ChallengeView> {
    const keys = names.map(nameKey);
    if (keys.includes(nameKey(challenger.name)))
      throw new ServiceError('BAD_REQUEST', 'body/accounts names the challenger: an account cannot challenge itself');
    if (new Set(keys).size !== keys.length)
      throw new ServiceError('BAD_REQUEST', 'body/accounts names an account twice');
    const found = new Map((await this.store.byNames(keys)).map((a) => [a.nameKey, a]));
    const missing = names.filter((_, i) => !found.has(keys[i]));
    if (missing.length > 0) throw new ServiceError('ACCOUNT_NOT_FOUND', `no account is called ${missing.join(', ')}`);
    const accounts = [challenger, ...keys.map((k) => found.get(k)!)];
    // The options must make a game: the engine judges them as it will at the start.
    const setup = { ...options, players: accounts.map((a) => ({ name: a.name })), seed: 'challenge' };
    const trial = createGame(setup, this.registry);
    if (!trial.ok) throw new ServiceError(trial.error.code, trial.error.reason);
    if ((await this.store.openGames(challenger.id)) >= this.limits.maxOpenGames)
      throw new ServiceError(
        'ACCOUNT_GAMES_FULL',
        `${challenger.name} already sits in ${this.limits.maxOpenGames} games that are not over`,
      );

    const seats: ChallengeSeat[] = [];
    let declined: { by: string; reason: string } | undefined;
    for (const [i, a] of accounts.entries()) {
      const answer = i === 0 ? 'accepted' : await this.answerBy(a, options, accounts.length);
      if (typeof answer === 'object') declined ??= { by: a.name, reason: answer.declined };
      seats.push({ ...seatAccount(a), accountId: a.id, answer: typeof answer === 'object' ? 'declined' : answer });
    }
    const at = this.now().toISOString();
    const record: ChallengeRecord = {
      id: `ch_${randomBytes(9).toString('base64url')}`,
      challengerId: challenger.id,
      status: declined ? 'declined' : 'open',
      options: options,
      seats,
      gameId: null,
      version: 0,
      createdAt: at,
      reason: declined ? `${declined.by} declined: ${declined.reason}` : null,
    };
    const events = declined
      ? [this.event(record, seats[0], 'challengeDeclined', at, { by: declined.by, reason: declined.reason })]
      : seats
          .slice(1)
          .filter((s) => s.answer === 'pending')
          .map((s) => this.event(record, s, 'challenge', at));
    await this.store.insertChallenge(record, events);
    this.written(events.map((e) => e.accountId));
    if (!declined && seats.every((s) => s.answer === 'accepted')) return this.start(record);
    return challengeView(record);
  }

  async view(account: Account, id: string): Promise<ChallengeView> {
    return challengeView(await this.mine(account, id));
  }

  /** The account's challenges, made or received, of these statuses (open ones by default). */
  async list(account: Account, statuses: readonly ChallengeStatus[] = ['open']): Promise<ChallengeView[]> {
    return (await this.store.challengesOf(account.id, statuses, 100)).map(challengeView);
  }

  accept(account: Account, id: string): Promise<ChallengeView> {
    return this.change(account, id, async (c, seat) => {
      if (seat === 0) throw new ServiceError('BAD_REQUEST', 'the challenger has accepted its own challenge already');
      if ((await this.store.openGames(account.id)) >= this.limits.maxOpenGames)
        throw new ServiceError(
          'ACCOUNT_GAMES_FULL',
          `${account.name} already sits in ${this.limits.maxOpenGames} games that are not over`,
        );
      const seats = c.seats.map((s, i) => (i === seat ? { ...s, answer: 'accepted' as const } : s));
      const all = seats.every((s) => s.answer === 'accepted');
      return { change: { status: 'open', seats, gameId: all ? newGameId() : null, reason: null }, events: [] };
    });
  }

  decline(account: Account, id: string, reason = 'declined'): Promise<ChallengeView> {
    return this.change(account, id, (c, seat) => {
      if (seat === 0)
        throw new ServiceError('BAD_REQUEST', 'the challenger cancels its challenge (DELETE), it does not decline it');
      const seats = c.seats.map((s, i) => (i === seat ? { ...s, answer: 'declined' as const } : s));
      const at = this.now().toISOString();
      const events = c.seats
        .filter((_, i) => i !== seat)
        .map((s) => this.event(c, s, 'challengeDeclined', at, { by: account.name, reason }));
      return {
        change: { status: 'declined', seats, gameId: null, reason: `${account.name} declined: ${reason}` },
        events,
      };
    });
  }

  cancel(account: Account, id: string): Promise<ChallengeView> {
    return this.change(account, id, (c, seat) => {
      if (seat !== 0)
        throw new ServiceError('NOT_YOUR_CHALLENGE', 'only the challenger cancels a challenge; decline it instead');
      const at = this.now().toISOString();
      const events = c.seats.slice(1).map((s) => this.event(c, s, 'challengeCanceled', at));
      return {
        change: { status: 'canceled', seats: c.seats, gameId: null, reason: `${account.name} canceled` },
        events,
      };
    });
  }

  /** A bot's answer by its policy (or its full table of games); a person's is awaited. */
  private async answerBy(
    account: Account,
    options: ChallengeOptions,
    players: number,
  ): Promise<'pending' | 'accepted' | { declined: string }> {
    if (account.kind !== 'bot') return 'pending';
    const open = await this.store.openGames(account.id);
    if (open >= this.limits.maxOpenGames) return { declined: 'busy: its table of games is full' };
    // The server's bots play whatever the engine takes (the options were judged already).
    if (serverBotOf(account.id)) return 'accepted';
    const policy = (await this.store.policy(account.id)) as AcceptPolicy | null;
    if (!policy) return 'pending';
    const terms = {
      expansions: options.expansions ?? [],
      players,
      clock: options.clock,
      rated: options.rated === true,
    };
    const reason = policyDeclines(policy, terms, open);
    return reason === null ? 'accepted' : { declined: reason };
  }

  /** Reads, decides and writes one change, again when another came first; starts the game when all accepted. */
  private async change(
    account: Account,
    id: string,
    decide: (c: ChallengeRecord, seat: number) => Decision | Promise<Decision>,
  ): Promise<ChallengeView> {
    for (let attempt = 1; ; attempt++) {
      const c = await this.mine(account, id);
      // A challenge whose game is being made (`gameId` set, still open) takes no other change.
      if (c.status !== 'open' || c.gameId !== null)
        throw new ServiceError('CHALLENGE_NOT_OPEN', `the challenge is ${c.gameId ? 'starting' : c.status}`);
      const seat = c.seats.findIndex((s) => s.accountId === account.id);
      const { change, events } = await decide(c, seat);
      if (await this.store.changeChallenge(id, c.version, change, events)) {
        this.written(events.map((e) => e.accountId));
        const changed = { ...c, ...change, version: c.version + 1 };
        return change.gameId ? this.start(changed) : challengeView(changed);
      }
      if (attempt >= ATTEMPTS) throw new ServiceError('VERSION_CONFLICT', 'the challenge keeps changing: try again');
    }
  }

  /** Every seat accepted: the game is made under the id the challenge chose, and the challenge says so. */
  private async start(c: ChallengeRecord): Promise<ChallengeView> {
    const gameId = c.gameId ?? newGameId();
    const options = c.options as ChallengeOptions;
    const players = c.seats.map((s) => ({ account: { id: s.accountId, name: s.name, kind: s.kind } }));
    await this.createGame({ ...options, players }, gameId);
    const started = { status: 'started' as const, seats: c.seats, gameId, reason: null };
    await this.store.changeChallenge(c.id, c.version, started, []);
    return challengeView({ ...c, ...started, version: c.version + 1 });
  }

  private async mine(account: Account, id: string): Promise<ChallengeRecord> {
    const c = await this.store.findChallenge(id);
    if (!c) throw new ServiceError('CHALLENGE_NOT_FOUND', `no challenge ${id}`);
    if (!c.seats.some((s) => s.accountId === account.id))
      throw new ServiceError('NOT_YOUR_CHALLENGE', 'this challenge is between other accounts');
    return c;
  }

  private event(
    c: ChallengeRecord,
    seat: ChallengeSeat,
    type: NewAccountEvent['type'],
    at: string,
    data: Record<string, unknown> = {},
  ): NewAccountEvent {
    return {
      accountId: seat.accountId,
      type,
      data: {
        challengeId: c.id,
        challenger: c.seats[0].name,
        accounts: c.seats.map((s) => s.name),
        options: c.options,
        ...data,
      },
      createdAt: at,
    };
  }
}
