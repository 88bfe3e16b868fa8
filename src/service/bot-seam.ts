/**
 * SEAM — the bot host of this branch, until the lifecycle branch (bot seats, autopilots, turn
 * clocks) is merged. There, `GameService` itself answers `botTurn`, `submitAs` and
 * `gamesAwaitingBots` from the seats in the log, and this file goes. Here which seat is a bot
 * comes from the caller (`AppOptions.bots.seats`, tests), not from the game.
 */
import type { Move } from '../engine/index.js';
import type { GameStore } from '../storage/repository.js';
import type { BotSpec } from './bot-job.js';
import type { BotHost, BotTurn } from './bot-driver.js';
import { readPosition } from './bot-positions.js';
import type { GameService } from './game-service.js';
import { ServiceError } from './service-error.js';

/** Which seats are bots, given from outside the game (the seam). */
export interface BotSeats {
  /** The bot that plays `seat` of `gameId`, or null for a human. */
  seatBot(gameId: string, seat: number): BotSpec | null;
  /** Games that may have bot seats: the scan at start looks at each. */
  games(): Iterable<string>;
}

export class SeamBotHost implements BotHost {
  constructor(
    private readonly service: GameService,
    private readonly store: GameStore,
    private readonly seats: BotSeats,
  ) {}

  async botTurn(gameId: string): Promise<BotTurn | null> {
    try {
      // The cheap look first (the cached snapshot): most moves lead to a human's turn.
      const now = await this.service.current(gameId);
      if (now.finished || now.actor === null || !this.seats.seatBot(gameId, now.actor)) return null;
      const position = await readPosition(this.service, this.store, gameId);
      const spec = position.actor === null ? null : this.seats.seatBot(gameId, position.actor);
      if (position.finished || position.actor === null || !spec) return null;
      const { version, actor: seat, setup, moves } = position;
      return { version, seat, spec, reason: 'bot', setup, moves };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'GAME_NOT_FOUND') return null;
      throw error;
    }
  }

  /**
   * Submits as the seat by its stored token hash: the commit matches a request's token by its
   * sha256, which is exactly what the store keeps, so no token is needed or kept here.
   */
  async submitAs(gameId: string, seat: number, expectedVersion: number, move: Move): Promise<unknown> {
    const record = await this.store.findGame(gameId);
    const hash = record?.tokenHashes[seat];
    if (hash === undefined) throw new ServiceError('GAME_NOT_FOUND', `no game ${gameId} with seat ${seat}`);
    return this.service.submit(gameId, Buffer.from(hash, 'hex'), { expectedVersion, move }, undefined, true);
  }

  async gamesAwaitingBots(): Promise<Iterable<string>> {
    return [...this.seats.games()];
  }
}
