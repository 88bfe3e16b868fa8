/**
 * `GET /games/{id}/hint`: the move the mcts bot would play for the token's seat now, and its
 * estimated win rate, searched in the bot pool. The seed is made of the public history only
 * (the seat, the version, the moves), so two games that agree publicly get the same hint, what
 * ever their hidden piles. One hint at a time per seat (in this process): a second one while
 * the first runs is refused, so one client cannot fill the pool's queue.
 */
import { hash } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { vocabularyRef, type Move } from '../engine/index.js';
import type { BotBudget } from './bot-job.js';
import { BotPoolBusyError, BotPoolClosedError, BotWorkerCrashedError, type BotPool } from './bot-pool.js';
import type { GameService } from './game-service.js';
import { ServiceError } from './service-error.js';

/** The answer to a hint request (the route's schema, `http/schemas/hint.ts`). */
export const HintSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 0, description: 'The version the hint is for (the game may have moved on while it was searched)' }),
    seat: Type.Integer({ minimum: 0, maximum: 5 }),
    move: vocabularyRef<Move>('Move'),
    winRate: Type.Number({ minimum: 0, maximum: 1, description: "The mcts bot's estimated chance that the seat wins after this move (a draw counts half), from its look-ahead" }),
    iterations: Type.Integer({ minimum: 0, description: 'Search iterations behind the hint' }),
  },
  { title: 'Hint' },
);
export type Hint = Static<typeof HintSchema>;

export class Hints {
  private readonly running = new Set<string>();

  constructor(
    private readonly service: GameService,
    private readonly pool: BotPool,
    private readonly budget: BotBudget,
  ) {}

  /** The hint for the seat whose token has the sha256 `digest`. */
  async hint(id: string, digest: Buffer): Promise<Hint> {
    const position = await this.service.seatPosition(id, digest);
    const { seat, status } = position;
    if (seat === null) throw new ServiceError('NOT_YOUR_GAME', 'this token belongs to no seat of this game');
    if (status === 'finished') throw new ServiceError('GAME_FINISHED', 'the game is over: there is no move to hint');
    if (status === 'aborted') throw new ServiceError('GAME_ABORTED', 'the game was aborted: there is no move to hint');
    if (status === 'waiting') throw new ServiceError('GAME_WAITING', 'the game waits for its open seats to be joined');
    if (position.actor !== seat) {
      throw new ServiceError('HINT_NOT_YOUR_TURN', `seat ${seat} does not act now: seat ${position.actor} must`, { currentVersion: position.version });
    }
    const key = `${id} ${seat}`;
    if (this.running.has(key)) throw new ServiceError('HINT_IN_PROGRESS', `a hint for seat ${seat} is being computed: wait for it`, { retryAfter: 1 });
    this.running.add(key);
    try {
      const { setup, moves, version } = position;
      const history = hash('sha256', JSON.stringify(moves), 'base64url').slice(0, 16);
      const answer = await this.pool.run({
        setup, moves, seat, spec: { bot: 'mcts' }, seed: `hint/${seat}/${version}/${history}`, budget: this.budget, searchForced: true,
      });
      return { version, seat, move: answer.move, winRate: answer.winRate ?? 0.5, iterations: answer.iterations ?? 0 };
    } catch (error) {
      if (error instanceof BotPoolBusyError || error instanceof BotPoolClosedError || error instanceof BotWorkerCrashedError) {
        throw new ServiceError('BOTS_UNAVAILABLE', `no bot worker can take the hint now (${error.message}): retry shortly`, { retryAfter: 1 });
      }
      throw error;
    } finally {
      this.running.delete(key);
    }
  }
}
