/**
 * A snapshot is one game as rebuilt from its log: its game after `version` moves, and each of
 * those moves' seat and events. It is only ever changed in place, by the snapshot cache's write
 * transaction (`snapshot-cache.ts`) or by catching up with moves read from the log, and every
 * change moves `version` and forgets the answers built for the previous one.
 */
import { playInPlace, replay, type Game } from '../engine/index.js';
import type { GameRecord, MoveRecord, StoredSetup } from '../storage/repository.js';

export interface Snapshot {
  id: string;
  setup: StoredSetup;
  tokenHashes: Buffer[];
  game: Game;
  version: number;
  /**
   * Each move's seat and events, the events kept as their JSON: one string per move instead of
   * a tree of objects per event, which every old-generation collection would walk again.
   */
  log: { seat: number; events: string }[];
  /**
   * The store's change stamp when this snapshot was last known to be the log's current
   * version: while the stamp stays the same, the snapshot is current without asking.
   */
  checkedAt: number;
  /** The JSON of the state and of the legal-moves answer, built once per version. */
  stateJson?: string;
  legalJson?: string;
}

export function newSnapshot(record: Pick<GameRecord, 'id' | 'setup' | 'tokenHashes'>, game: Game, checkedAt: number): Snapshot {
  return { id: record.id, setup: record.setup, tokenHashes: record.tokenHashes.map((h) => Buffer.from(h, 'hex')), game, version: 0, log: [], checkedAt };
}

/** The game after its first `log.length` moves. A log the engine refuses is a server fault, never the client's. */
export function replayed(setup: StoredSetup, id: string, log: readonly MoveRecord[]): { game: Game; events: string[] } {
  const rebuilt = replay(setup, log.map((m) => m.move));
  if (!rebuilt.ok) throw new Error(`game ${id}: stored log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  return { game: rebuilt.value.game, events: rebuilt.value.events.map((e) => JSON.stringify(e)) };
}

/** A snapshot of a stored game from its whole log. */
export function snapshotFromLog(record: GameRecord, log: readonly MoveRecord[], checkedAt: number): Snapshot {
  const { game, events } = replayed(record.setup, record.id, log);
  const snapshot = newSnapshot(record, game, checkedAt);
  snapshot.log = log.map((m, i) => ({ seat: m.seat, events: events[i]! }));
  snapshot.version = log.length;
  return snapshot;
}

/** Records a move already played on the snapshot's game: the next version. */
export function advance(snapshot: Snapshot, seat: number, events: string): void {
  snapshot.log.push({ seat, events });
  snapshot.version += 1;
  snapshot.stateJson = snapshot.legalJson = undefined;
}

/**
 * Plays moves another writer appended onto the snapshot itself. False when one is refused or
 * fails: the snapshot is then half-played and must not be used again.
 */
export function catchUp(snapshot: Snapshot, records: readonly MoveRecord[]): boolean {
  for (const record of records) {
    if (record.seq !== snapshot.version + 1) return false;
    const result = playInPlace(snapshot.game, record.move);
    if (!result.ok) return false;
    advance(snapshot, record.seat, JSON.stringify(result.value));
  }
  return true;
}
