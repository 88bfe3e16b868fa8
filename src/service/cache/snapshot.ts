/**
 * A snapshot is one game as rebuilt from its log: its engine game and lifecycle after `version`
 * log entries (engine moves and lifecycle acts, `lifecycle.ts`), and each entry's seat and
 * events. It is only ever changed in place, by the snapshot cache's write transaction
 * (`snapshot-cache.ts`) or by catching up with entries read from the log, and every change
 * moves `version` and forgets the answers built for the previous one.
 */
import {
  createGame,
  phaseOf,
  playInPlace,
  registryOf,
  type Game,
  type GameEvent,
  type Phase,
  type Registry,
} from '../../engine/index.js';
import type { LegalAnswer } from '../answers.js';
import { actEventsJson, gameEventsJson, type Json } from '../answer-json.js';
import type { GameState } from '../state-schema.js';
import type { GameRecord, MoveRecord, StoredSetup } from '../../storage/game-store.js';
import {
  afterEntry,
  applyAct,
  isAct,
  newLifecycle,
  publicAct,
  statusOf,
  type Lifecycle,
} from '../lifecycle/lifecycle.js';
import type { PublicAct } from '../../game-log.js';

export interface Snapshot {
  id: string;
  setup: StoredSetup;
  /** Each seat's token hash: the stored ones, as the log's acts replaced them. */
  tokenHashes: Buffer[];
  /** The admin token's hash (none for games created before admin tokens). */
  adminHash: Buffer | null;
  createdAt: string;
  game: Game;
  life: Lifecycle;
  version: number;
  /**
   * Each entry's seat and events, the events kept as their JSON: one string per entry instead
   * of a tree of objects per event, which every old-generation collection would walk again;
   * and the turn the entry led to, so a stream resumed far behind is served from here, never
   * by replaying the game again.
   */
  log: LogEntry[];
  /**
   * The store's change stamp when this snapshot was last known to be the log's current
   * version: while the stamp stays the same, the snapshot is current without asking.
   */
  checkedAt: number;
  /** Who created the game (a client address), when this process created it: the bots' fair shares bill its games to it. Not stored. */
  creator?: string;
  /** The events of the game's creation as JSON, built once (they never change). */
  createdJson?: Json<GameEvent[]>;
  /** The JSON of the state, and the legal-moves answer and its JSON, built once per version (`answers.ts`). */
  stateJson?: Json<GameState>;
  legal?: LegalAnswer;
  legalJson?: Json<LegalAnswer>;
}

/** What a log entry shows as its events: a move's, or the act itself. */
export type LogEvent = GameEvent | PublicAct;

/** One entry of the log as the snapshot keeps it; `actor` and `phase` as the legal-moves answer at its version said. */
export interface LogEntry {
  seat: number;
  events: Json<LogEvent[]>;
  actor: number | null;
  phase: Phase;
}

/** Nothing more will happen in the game: it ended, or it was aborted. */
export function over(snapshot: Snapshot): boolean {
  const status = statusOf(snapshot.life, snapshot.game);
  return status === 'finished' || status === 'aborted';
}

export type SnapshotRecord = Pick<GameRecord, 'id' | 'setup' | 'tokenHashes' | 'createdAt' | 'adminTokenHash'>;

export function newSnapshot(record: SnapshotRecord, game: Game, checkedAt: number): Snapshot {
  return {
    id: record.id,
    setup: record.setup,
    tokenHashes: record.tokenHashes.map((h) => Buffer.from(h, 'hex')),
    adminHash: record.adminTokenHash ? Buffer.from(record.adminTokenHash, 'hex') : null,
    createdAt: record.createdAt,
    game,
    life: newLifecycle(record.setup, game, record.createdAt),
    version: 0,
    log: [],
    checkedAt,
  };
}

/**
 * Plays one log entry on the snapshot: an engine move on its game, an act on its lifecycle.
 * Null (nothing recorded) when the engine refuses the move.
 */
export function playEntry(
  snapshot: Snapshot,
  record: Pick<MoveRecord, 'seat' | 'move' | 'at'>,
): Json<LogEvent[]> | null {
  let events: Json<LogEvent[]>;
  if (isAct(record.move)) {
    applyAct(snapshot.life, snapshot.tokenHashes, record.move);
    events = actEventsJson(publicAct(record.move));
  } else {
    const result = playInPlace(snapshot.game, record.move);
    if (!result.ok) return null;
    events = gameEventsJson(result.value);
  }
  advance(snapshot, record.seat, events, record.at);
  return events;
}

/** A snapshot of a stored game from its whole log. A log that does not replay is a server fault, never the client's. */
export function snapshotFromLog(
  record: SnapshotRecord,
  log: readonly MoveRecord[],
  checkedAt: number,
  registry?: Registry,
): Snapshot {
  const created = createGame(record.setup, registry);
  if (!created.ok) throw new Error(`game ${record.id}: stored setup is refused: ${created.error.code}`);
  const snapshot = newSnapshot(record, created.value.game, checkedAt);
  for (const [i, entry] of log.entries()) {
    if (playEntry(snapshot, entry) === null)
      throw new Error(`game ${record.id}: stored log does not replay at move ${i + 1}`);
  }
  return snapshot;
}

/** The game as it was after its first `log.length` entries (a state shown again). */
export function rebuiltAt(snapshot: Snapshot, log: readonly MoveRecord[]): Snapshot {
  const record = {
    id: snapshot.id,
    setup: snapshot.setup,
    tokenHashes: snapshot.tokenHashes.map((h) => h.toString('hex')),
    createdAt: snapshot.createdAt,
    adminTokenHash: null,
  };
  return snapshotFromLog(record, log, 0, registryOf(snapshot.game));
}

/** Records an entry already played on the snapshot (at `at`): the next version. */
export function advance(snapshot: Snapshot, seat: number, events: Json<LogEvent[]>, at: string): void {
  snapshot.version += 1;
  afterEntry(snapshot.life, snapshot.game, at);
  // `turnActor` is the actor the legal-moves answer names: none while waiting, aborted or over.
  snapshot.log.push({ seat, events, actor: snapshot.life.turnActor, phase: phaseOf(snapshot.game) });
  snapshot.stateJson = snapshot.legalJson = snapshot.legal = undefined;
}

/**
 * Plays entries another writer appended onto the snapshot itself. False when one is refused or
 * fails: the snapshot is then half-played and must not be used again.
 */
export function catchUp(snapshot: Snapshot, records: readonly MoveRecord[]): boolean {
  for (const record of records) {
    if (record.seq !== snapshot.version + 1) return false;
    if (playEntry(snapshot, record) === null) return false;
  }
  return true;
}
