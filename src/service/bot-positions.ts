/**
 * A game as a bot job needs it: its setup (secret seed or fixed pile included: it goes to a
 * worker thread, never to a client), its engine moves and whose turn it is, all of one version.
 * The version and turn come from the service's snapshot; the moves from the log, cut at that
 * version, so a move appended meanwhile by another process cannot slip in.
 */
import type { Move } from '../engine/index.js';
import type { GameStore, StoredSetup } from '../storage/repository.js';
import type { GameService } from './game-service.js';
import { ServiceError } from './service-error.js';

export interface BotPosition {
  version: number;
  actor: number | null;
  finished: boolean;
  setup: StoredSetup;
  moves: Move[];
  /** The sha256 of each seat's token, in seat order. */
  tokenHashes: Buffer[];
}

export async function readPosition(service: GameService, store: GameStore, id: string): Promise<BotPosition> {
  const now = await service.current(id);
  const record = await store.findGame(id);
  const log = await store.movesAfter(id, 0);
  // Deleted meanwhile (retention): as unknown as it is now.
  if (!record || log.length < now.version) throw new ServiceError('GAME_NOT_FOUND', `no game ${id}`);
  return {
    version: now.version,
    actor: now.actor,
    finished: now.finished,
    setup: record.setup,
    moves: log.slice(0, now.version).map((m) => m.move),
    tokenHashes: record.tokenHashes.map((h) => Buffer.from(h, 'hex')),
  };
}
