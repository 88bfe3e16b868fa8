/**
 * Whether the store takes writes, as `/health` reports it to a load balancer. Invariants:
 * - it costs nothing while writes succeed: no query on the health route's hot path;
 * - a write refused for a storage fault (full, unavailable) marks the store degraded at once,
 *   and the next write that commits marks it healthy again;
 * - the store is probed with a write that changes nothing (`GameStore.health`) at the first
 *   check (a read-only file is seen before any client writes) and while degraded, at most once
 *   per `PROBE_EVERY_MS`, so a node whose disk was freed comes back without client traffic.
 */
import { StoreFullError, StoreUnavailableError, type GameStore } from '../storage/game-store.js';

export type StoreCondition = 'ok' | 'full' | 'unavailable';

export interface StoreHealth {
  status: 'ok' | 'degraded';
  store: StoreCondition;
}

const PROBE_EVERY_MS = 1000;

const OK: StoreHealth = { status: 'ok', store: 'ok' };

/** A lock held by another writer (`StoreBusyError`) passes by itself: no reason to take the node out. */
function conditionOf(error: unknown): Exclude<StoreCondition, 'ok'> | undefined {
  if (error instanceof StoreFullError) return 'full';
  if (error instanceof StoreUnavailableError) return 'unavailable';
  return undefined;
}

export class StoreHealthMonitor {
  private current: StoreHealth = OK;
  private probedAt: number | undefined;
  private probing: Promise<StoreHealth> | undefined;

  constructor(
    private readonly store: GameStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Told of every error a write met; only storage faults change the health. */
  failed(error: unknown): void {
    const condition = conditionOf(error);
    if (condition) this.current = { status: 'degraded', store: condition };
  }

  /** Told that a write committed. */
  succeeded(): void {
    this.current = OK;
  }

  /** The health now; synchronous unless a probe is due. */
  check(): StoreHealth | Promise<StoreHealth> {
    const now = this.clock();
    const due = this.probedAt === undefined || (this.current !== OK && now - this.probedAt >= PROBE_EVERY_MS);
    if (!due) return this.current;
    if (this.probing) return this.probing;
    this.probedAt = now;
    this.probing = this.store
      .health()
      .then(
        () => this.succeeded(),
        (error: unknown) => this.failed(error),
      )
      .then(() => {
        this.probing = undefined;
        return this.current;
      });
    return this.probing;
  }
}
