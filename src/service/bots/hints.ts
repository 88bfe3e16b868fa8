/**
 * `GET /games/{id}/hint`: the move the mcts bot would play for the token's seat now, and its
 * estimated win rate, searched in the bot pool. The seed is made of the public history only
 * (the seat, the version, the moves), so two games that agree publicly get the same hint, what
 * ever their hidden piles. One hint at a time per seat (in this process): a second one while
 * the first runs is refused, so one client cannot fill the pool's queue. And a few at a time in
 * all: `concurrency` search at once, `queue` more wait their turn, and beyond that a hint is
 * refused at once (503 `BOTS_UNAVAILABLE` with `Retry-After`), so 40 hints at once are each
 * answered or refused within seconds instead of all waiting behind each other, and the bots of
 * games with a human keep the workers (hints run in the pool's `hint` lane, below theirs).
 */
import { hash } from 'node:crypto';
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import type { Move } from '../../engine/index.js';
import type { BotAnswer, BotBudget, BotJob } from './bot-job.js';
import { BotPoolBusyError, BotPoolClosedError, BotWorkerCrashedError, type JobOrder } from './bot-pool.js';
import type { GameService } from '../game-service.js';
import { ServiceError } from '../service-error.js';
import type { SeatCredential } from '../lifecycle/seat-tokens.js';

/** The answer to a hint request, `move` being a registry's move schema (the route's schema, `http/schemas/hint.ts`). */
export const hintSchema = <M extends TSchema>(move: M) =>
  Type.Object(
    {
      version: Type.Integer({
        minimum: 0,
        description: 'The version the hint is for (the game may have moved on while it was searched)',
      }),
      seat: Type.Integer({ minimum: 0, maximum: 5 }),
      move,
      winRate: Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          "The mcts bot's estimated chance that the seat wins after this move (a draw counts half), from its look-ahead",
      }),
      iterations: Type.Integer({ minimum: 0, description: 'Search iterations behind the hint' }),
    },
    { title: 'Hint' },
  );
export type Hint = Static<ReturnType<typeof hintSchema<TUnsafe<Move>>>>;

export interface HintLimits {
  /** Hints searched at once (`HINTS_AT_ONCE`). */
  concurrency: number;
  /** Hints waiting for one of those at most (`HINT_QUEUE`); beyond, refused at once. */
  queue: number;
}

/**
 * One search at a time (configured: half the bot workers), and four waiting. A hint with a time
 * budget is due at its arrival + the budget: one that waits searches what is left (the worker
 * cuts its time to the job's deadline), and one that could not start within half its budget is
 * refused at once rather than answered late.
 */
export const DEFAULT_HINT_LIMITS: HintLimits = { concurrency: 1, queue: 4 };

/** What hints need of the bot pool: `BotPool`, or in tests one whose jobs end when the test says. */
export interface HintPool {
  run(job: BotJob, order: JobOrder): Promise<BotAnswer>;
}

interface Waiting {
  deadline: number;
  start: () => void;
}

export class Hints {
  private readonly running = new Set<string>();
  /** The deadlines of the hints searching now (Infinity: an iteration budget, no clock). */
  private readonly searching: number[] = [];
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly service: Pick<GameService, 'seatPosition'>,
    private readonly pool: HintPool,
    private readonly budget: BotBudget,
    private readonly limits: HintLimits = DEFAULT_HINT_LIMITS,
    /** The clock of the deadlines (epoch ms; tests give one that moves only when they say). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Hints searching and waiting now. */
  get load(): { searching: number; waiting: number } {
    return { searching: this.searching.length, waiting: this.waiting.length };
  }

  /**
   * When a hint arriving now would start: each slot frees at its search's deadline, and each
   * waiting hint takes the first slot free and holds it to its own deadline (at least a tenth
   * of a budget, the shortest search).
   */
  private expectedStart(now: number): number {
    const free = [...this.searching];
    const shortest = (this.budget.timeMs ?? 0) / 10;
    for (const w of this.waiting) {
      free.sort((a, b) => a - b);
      free[0] = Math.max(w.deadline, Math.max(free[0], now) + shortest);
    }
    return Math.max(now, Math.min(...free));
  }

  /** Waits for a search slot, or refuses at once when the queue is full or the wait too long; answers the hint's deadline. */
  private async enter(): Promise<number> {
    const now = this.now();
    const { timeMs } = this.budget;
    const deadline = timeMs === undefined ? Infinity : now + timeMs;
    if (this.searching.length < this.limits.concurrency) {
      this.searching.push(deadline);
      return deadline;
    }
    const start = timeMs === undefined ? now : this.expectedStart(now);
    const late = timeMs !== undefined && start > now + timeMs / 2;
    if (this.waiting.length >= this.limits.queue || late) {
      // The expected start already counts every slot; the queue's estimate shares its hints among them.
      const wait = late ? start - now : ((timeMs ?? 1000) * (this.waiting.length + 1)) / this.limits.concurrency;
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ServiceError(
        'BOTS_UNAVAILABLE',
        `${this.searching.length + this.waiting.length} hints are being computed or waiting: retry after ${seconds} s`,
        { retryAfter: seconds },
      );
    }
    await new Promise<void>((start) => this.waiting.push({ deadline, start }));
    this.searching.push(deadline);
    return deadline;
  }

  /** Hands the slot to the next waiting hint, or frees it. */
  private leave(deadline: number): void {
    this.searching.splice(this.searching.indexOf(deadline), 1);
    this.waiting.shift()?.start();
  }

  /** The hint for the seat whose token has the sha256 `digest`; `owner` (the client's address) is the account the search is billed to. */
  async hint(id: string, digest: SeatCredential, owner = ''): Promise<Hint> {
    const position = await this.service.seatPosition(id, digest);
    const { seat, status } = position;
    if (seat === null) throw new ServiceError('NOT_YOUR_GAME', 'this token belongs to no seat of this game');
    if (status === 'finished') throw new ServiceError('GAME_FINISHED', 'the game is over: there is no move to hint');
    if (status === 'aborted') throw new ServiceError('GAME_ABORTED', 'the game was aborted: there is no move to hint');
    if (status === 'waiting') throw new ServiceError('GAME_WAITING', 'the game waits for its open seats to be joined');
    // A rated game's moves are its players' own: the server's bot does not play for one of them.
    if (position.rated)
      throw new ServiceError('HINT_RATED_GAME', 'a rated game gets no hints: its moves must be the players’ own');
    if (position.actor !== seat) {
      throw new ServiceError('HINT_NOT_YOUR_TURN', `seat ${seat} does not act now: seat ${position.actor} must`, {
        currentVersion: position.version,
      });
    }
    const key = `${id} ${seat}`;
    if (this.running.has(key))
      throw new ServiceError('HINT_IN_PROGRESS', `a hint for seat ${seat} is being computed: wait for it`, {
        retryAfter: 1,
      });
    this.running.add(key);
    let deadline: number | undefined;
    try {
      deadline = await this.enter();
      const { setup, moves, version } = position;
      const history = hash('sha256', JSON.stringify(moves), 'base64url').slice(0, 16);
      const job = {
        setup,
        moves,
        seat,
        spec: { bot: 'mcts' as const },
        seed: `hint/${seat}/${version}/${history}`,
        budget: this.budget,
        searchForced: true,
        deadline: Number.isFinite(deadline) ? deadline : undefined,
      };
      const answer = await this.pool.run(job, { lane: 'hint', owner });
      return { version, seat, move: answer.move, winRate: answer.winRate ?? 0.5, iterations: answer.iterations ?? 0 };
    } catch (error) {
      if (
        error instanceof BotPoolBusyError ||
        error instanceof BotPoolClosedError ||
        error instanceof BotWorkerCrashedError
      ) {
        throw new ServiceError(
          'BOTS_UNAVAILABLE',
          `no bot worker can take the hint now (${error.message}): retry shortly`,
          { retryAfter: 1 },
        );
      }
      throw error;
    } finally {
      if (deadline !== undefined) this.leave(deadline);
      this.running.delete(key);
    }
  }
}
