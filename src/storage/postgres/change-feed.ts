/**
 * What other nodes committed, heard on one LISTEN connection: every append transaction sends
 * `NOTIFY moves, '<node> <game>,<game>…'` (`notifyPayloads`), which PostgreSQL delivers to the
 * listeners when, and only if, it commits. Invariants:
 * - a game's stamp changes whenever another node's commit to it was heard; a node's own commits
 *   leave it alone (the service moves its cached games along itself);
 * - while the connection is down (and from the moment it is known down) every call returns a
 *   new stamp, so every cached game is re-checked before use; once listening again, every stamp
 *   changes once more, since notifications sent meanwhile were lost;
 * - a dropped connection is re-opened with a backoff, for as long as the store is open.
 */
import pg from 'pg';
import { EVERY_ACCOUNT } from '../accounts.js';

export const CHANNEL = 'carcassonne_moves';
/** Where a node announces the accounts it wrote stream events for: `'<node> <account>,<account>…'`. */
export const ACCOUNT_CHANNEL = 'carcassonne_accounts';
/** The notification connection's name: one per live node, which is how nodes are counted (`budget-ledger.ts`). */
export const FEED_APPLICATION_NAME = 'carcassonne-node';

/** PostgreSQL refuses payloads of 8000 bytes or more: game ids are sent in chunks. */
const PAYLOAD_BYTES = 7000;
const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 2000;
/** Beyond this many games heard of, the map is emptied and every stamp moves on (one re-check each). */
const MAX_TRACKED_GAMES = 100_000;

/** The payloads announcing a commit by `node` to `gameIds` (distinct, in order). */
export function notifyPayloads(node: string, gameIds: Iterable<string>): string[] {
  const payloads: string[] = [];
  let ids: string[] = [];
  let bytes = node.length + 1;
  for (const id of new Set(gameIds)) {
    if (ids.length > 0 && bytes + id.length + 1 > PAYLOAD_BYTES) {
      payloads.push(`${node} ${ids.join(',')}`);
      ids = [];
      bytes = node.length + 1;
    }
    ids.push(id);
    bytes += Buffer.byteLength(id) + 1;
  }
  if (ids.length > 0) payloads.push(`${node} ${ids.join(',')}`);
  return payloads;
}

export class ChangeFeed {
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private tick = 0;
  /** Every stamp is at least this: raised when notifications may have been missed. */
  private floor = 0;
  private readonly stamps = new Map<string, number>();
  private readonly listeners: ((gameId: string) => void)[] = [];
  private readonly accountListeners: ((accountId: string) => void)[] = [];
  private backoffMs = MIN_BACKOFF_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    /** This node's name in the payloads. */
    readonly node: string,
    private readonly onError: (message: string) => void = () => {},
  ) {}

  /** Listens before the store serves; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.connect();
  }

  get isListening(): boolean {
    return this.listening;
  }

  stamp(gameId: string): number {
    if (!this.listening) return ++this.tick;
    const heard = this.stamps.get(gameId);
    return heard !== undefined && heard > this.floor ? heard : this.floor;
  }

  watch(listener: (gameId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Other nodes' account events; `EVERY_ACCOUNT` after the connection was lost and is back. */
  watchAccounts(listener: (accountId: string) => void): void {
    this.accountListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, keepAlive: true, application_name: FEED_APPLICATION_NAME });
    client.on('notification', (message) =>
      message.channel === ACCOUNT_CHANNEL
        ? this.heardAccounts(message.payload ?? '')
        : this.heard(message.payload ?? ''),
    );
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${ACCOUNT_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      throw error;
    }
    if (this.client !== client || this.closed) return;
    this.listening = true;
    this.floor = ++this.tick;
    this.stamps.clear();
    this.backoffMs = MIN_BACKOFF_MS;
    for (const listener of this.accountListeners) listener(EVERY_ACCOUNT);
  }

  private heardAccounts(payload: string): void {
    const space = payload.indexOf(' ');
    if (space < 0 || payload.slice(0, space) === this.node) return;
    for (const id of payload.slice(space + 1).split(',')) for (const listener of this.accountListeners) listener(id);
  }

  private heard(payload: string): void {
    const space = payload.indexOf(' ');
    if (space < 0 || payload.slice(0, space) === this.node) return;
    const tick = ++this.tick;
    if (this.stamps.size > MAX_TRACKED_GAMES) {
      this.stamps.clear();
      this.floor = tick;
    }
    for (const id of payload.slice(space + 1).split(',')) {
      this.stamps.set(id, tick);
      for (const listener of this.listeners) listener(id);
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed) return;
    this.onError(`notification connection lost: ${String((error as Error)?.message ?? error)}`);
    this.timer = setTimeout(() => {
      this.connect().catch(() => {});
    }, this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }
}
