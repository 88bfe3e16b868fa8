/**
 * Tells waiting long-polls of moves committed by writers the store cannot announce (another
 * server process on the same SQLite file). Invariants:
 * - a look never replays a game: it asks the log's version, one indexed query (`version`), and
 *   only when the store's change stamp says another writer may have committed since the poll
 *   last looked;
 * - each poll is looked at about once per `LOOK_EVERY_MS`, and the looks are spread over that
 *   time: polls are dealt round-robin into `SLOTS` slots, and each tick looks at one slot, so a
 *   thousand polls that arrived together never fire in the same tick.
 * Moves committed by this process, or announced by the store, wake polls at once through the
 * move notifier; this only catches the rest.
 */
import type { GameStore } from '../../storage/game-store.js';

export const LOOK_EVERY_MS = 1000;
export const SLOTS = 20;

interface Watched {
  id: string;
  after: number;
  /** The change stamp when this poll last knew the log's version. */
  stamp: number;
}

export class CrossProcessWatch {
  private readonly slots: Set<Watched>[] = Array.from({ length: SLOTS }, () => new Set());
  private nextSlot = 0;
  private tick = 0;
  private watched = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: GameStore,
    /** Called with a game whose log has moved beyond what a poll waits after. */
    private readonly moved: (gameId: string) => void,
  ) {}

  /** Watches `id` for a version beyond `after`, from now (`stamp`) until the returned function is called. */
  add(id: string, after: number, stamp: number): () => void {
    const entry: Watched = { id, after, stamp };
    const slot = this.slots[this.nextSlot];
    this.nextSlot = (this.nextSlot + 1) % SLOTS;
    slot.add(entry);
    this.watched += 1;
    // Unreferenced: waiting polls keep their sockets, and nothing else must keep a process alive.
    this.timer ??= setInterval(this.look, LOOK_EVERY_MS / SLOTS).unref();
    return () => {
      if (!slot.delete(entry)) return;
      this.watched -= 1;
      if (this.watched === 0) this.stop();
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private readonly look = (): void => {
    const slot = this.slots[this.tick];
    this.tick = (this.tick + 1) % SLOTS;
    if (slot.size === 0) return;
    for (const entry of slot) {
      let stamp: number;
      try {
        stamp = this.store.changeStamp(entry.id);
      } catch {
        return; // A store fault: the polls time out and answer what the store can read then.
      }
      if (entry.stamp === stamp) continue;
      entry.stamp = stamp;
      this.store.version(entry.id).then(
        (version) => {
          if (version > entry.after) this.moved(entry.id);
        },
        () => {},
      );
    }
  };
}
