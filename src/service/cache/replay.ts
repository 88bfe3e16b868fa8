/**
 * The game as it was after move N (the replay routes' `?version=N`). A version once reached never
 * changes, so each answer is immutable. Replays walk forward: a cursor per game (a snapshot
 * rebuilt from the setup, played on up to the version last asked) moves on from where it stands,
 * so a scrubber stepping through a game replays each move once; a step back to a version not
 * kept starts again from the setup, keeping each version it passes. The log is append-only, so
 * the entries read for a cursor stay true.
 */
import type { MoveRecord } from '../../storage/game-store.js';
import { registryOf } from '../../engine/index.js';
import { currentStateJson, stateOf, type GameState } from '../answers.js';
import { stateJson, type Json } from '../answer-json.js';
import { kept } from '../json-pieces.js';
import { LruCache } from './lru-cache.js';
import { ServiceError } from '../service-error.js';
import { playEntry, rebuiltAt, type Snapshot } from './snapshot.js';

interface Cursor {
  snapshot: Snapshot;
  /** The log's entries read so far, from the first. */
  log: MoveRecord[];
}

export class Replays {
  private readonly cursors: LruCache<string, Cursor>;
  /** The states of the versions passed, as objects: only an asked one is written as JSON, and kept so. */
  private readonly states: LruCache<string, GameState | Json<GameState>>;

  constructor(
    /** The game at its current version (404 when there is none). */
    private readonly current: (id: string) => Snapshot | Promise<Snapshot>,
    private readonly movesAfter: (id: string, after: number) => Promise<MoveRecord[]>,
    games = 32,
  ) {
    this.cursors = new LruCache(games);
    this.states = new LruCache(games * 16);
  }

  /** The public state after the game's first `version` log entries, as JSON. */
  async stateJson(id: string, version: number): Promise<Json<GameState>> {
    const now = await this.current(id);
    if (version > now.version)
      throw new ServiceError(
        'VERSION_NOT_FOUND',
        `game ${id} is at version ${now.version}: there is no version ${version} yet`,
      );
    if (version === now.version) return currentStateJson(now);
    const key = `${version} ${id}`;
    let known = this.states.get(key);
    if (known === undefined) return currentStateJson(await this.walk(id, now, version));
    if (typeof known !== 'string') {
      known = kept(stateJson(registryOf(now.game), known));
      this.states.set(key, known);
    }
    return known;
  }

  /** The public state after the game's first `version` log entries, as an object (the board picture draws it). */
  async state(id: string, version: number): Promise<GameState> {
    const now = await this.current(id);
    if (version > now.version)
      throw new ServiceError(
        'VERSION_NOT_FOUND',
        `game ${id} is at version ${now.version}: there is no version ${version} yet`,
      );
    const at = version === now.version ? now : await this.walk(id, now, version);
    return stateOf(at.game, at.life, at.id, at.version);
  }

  private async walk(id: string, now: Snapshot, version: number): Promise<Snapshot> {
    let cursor = this.cursors.get(id);
    if (cursor === undefined || cursor.snapshot.version > version) {
      cursor = { snapshot: rebuiltAt(now, []), log: cursor?.log ?? [] };
      this.cursors.set(id, cursor);
    }
    if (cursor.log.length < version) {
      const read = await this.movesAfter(id, cursor.log.length);
      // Two requests may read the same entries at once: each is kept once, in order.
      for (const record of read) if (record.seq === cursor.log.length + 1) cursor.log.push(record);
    }
    // Another request may have moved the cursor on while the log was read.
    if (cursor.snapshot.version > version) return this.walk(id, now, version);
    for (const record of cursor.log.slice(cursor.snapshot.version, version)) {
      if (playEntry(cursor.snapshot, record) === null)
        throw new Error(`game ${id}: stored log does not replay at move ${record.seq}`);
      // Every version passed is kept: a scrubber stepping back from the end then walks once, not once per step.
      const at = cursor.snapshot;
      this.states.set(`${at.version} ${id}`, stateOf(at.game, at.life, at.id, at.version));
    }
    return cursor.snapshot;
  }
}
