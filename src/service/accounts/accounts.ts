/**
 * Accounts (`docs/accounts.md`): creating one (its key shown once), finding the account of a
 * request's key, its keys (add, revoke, list), the seats a creation asks for by account name,
 * and the account's games with those where it must act first. A key is checked against the
 * store on every request, so a revoked key is refused at once on every node.
 */
import type { Account, AccountGamesCursor, AccountKind, AccountStore } from '../../storage/accounts.js';
import type { GameStatus } from '../../storage/game-store.js';
import type { SeatAccount, SeatRequest } from '../../game-log.js';
import { ServiceError } from '../service-error.js';
import { hashToken } from '../lifecycle/seat-tokens.js';
import { newAccountId, newAccountKey, newKeyId, nameKey } from './account-keys.js';
import { serverBotOf } from './server-bots.js';
import type { SeatView } from '../../game-log.js';

export interface AccountLimits {
  /** Live keys an account may hold at once. */
  maxKeys: number;
  /** Games an account may sit in at once (waiting or active). */
  maxOpenGames: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = { maxKeys: 5, maxOpenGames: 100 };

/** A seat asked for at creation: the engine's kinds, or an account by its name. */
export type SeatAsked = SeatRequest | { accountName: string };

/** The turn of one of the account's games, as the game's snapshot says now. */
export interface GameTurn {
  version: number;
  actor: number | null;
  status: GameStatus;
  seats: SeatView[];
}

export interface AccountGame {
  id: string;
  seat: number;
  status: GameStatus;
  createdAt: string;
  /** The account's seat must act now. */
  yourTurn: boolean;
  version?: number;
  players: SeatView[];
}

export const seatAccount = (a: Account): SeatAccount => ({ id: a.id, name: a.name, kind: a.kind });

export class Accounts {
  constructor(
    private readonly store: AccountStore,
    private readonly now: () => Date,
    /** A game's turn now (the snapshot cache's), for the listing. */
    private readonly turnOf: (gameId: string) => Promise<GameTurn>,
    readonly limits: AccountLimits = DEFAULT_ACCOUNT_LIMITS,
  ) {}

  /** A new account and its first key, shown only here; 409 when the name (folded) is taken. */
  async create(name: string, kind: AccountKind): Promise<Account & { key: string; keyId: string }> {
    const key = newAccountKey();
    const createdAt = this.now().toISOString();
    const account: Account = { id: newAccountId(), name, kind, createdAt };
    const keyId = newKeyId();
    // `/accounts/me` names the caller's own account: no account may be called so.
    const created =
      nameKey(name) !== 'me' &&
      (await this.store.create({
        ...account,
        nameKey: nameKey(name),
        key: { id: keyId, digest: hashToken(key), createdAt },
      }));
    if (!created)
      throw new ServiceError(
        'ACCOUNT_NAME_TAKEN',
        `the name ${name} is taken (names differing only in case or width are one name)`,
      );
    return { ...account, key, keyId };
  }

  /** The account of the key whose sha256 is `digest`; 401 for an unknown or revoked key. */
  async byKey(digest: Buffer): Promise<Account & { keyId: string }> {
    const found = await this.store.byKey(digest.toString('hex'));
    if (!found) throw new ServiceError('ACCOUNT_KEY_INVALID', 'this is not the key of any account');
    if (found.revoked)
      throw new ServiceError('ACCOUNT_KEY_REVOKED', 'this key was revoked: use another key of the account');
    return { ...found.account, keyId: found.keyId };
  }

  /** The account called `name` (folded), or 404. */
  async byName(name: string): Promise<Account> {
    const [account] = await this.store.byNames([nameKey(name)]);
    if (!account) throw new ServiceError('ACCOUNT_NOT_FOUND', `no account is called ${name}`);
    return account;
  }

  /** Another key for the account, shown only here; 409 beyond `maxKeys` live keys. */
  async addKey(account: Account): Promise<{ id: string; key: string; createdAt: string }> {
    const key = newAccountKey();
    const id = newKeyId();
    const createdAt = this.now().toISOString();
    const added = await this.store.addKey(account.id, { id, digest: hashToken(key), createdAt }, this.limits.maxKeys);
    if (!added)
      throw new ServiceError(
        'ACCOUNT_KEYS_FULL',
        `an account holds at most ${this.limits.maxKeys} keys: revoke one first`,
      );
    return { id, key, createdAt };
  }

  async revokeKey(account: Account, keyId: string): Promise<void> {
    if (!(await this.store.revokeKey(account.id, keyId, this.now().toISOString())))
      throw new ServiceError('ACCOUNT_KEY_NOT_FOUND', `the account has no live key ${keyId}`);
  }

  listKeys(account: Account) {
    return this.store.listKeys(account.id);
  }

  /**
   * The seats a creation asks for, accounts found by name. Only the caller's own account may be
   * seated so (another account is asked by a challenge); each account at most once; each within
   * its budget of open games. `rated` asks that every seat be an account's.
   */
  async seatRequests(asked: readonly SeatAsked[], caller: Account | undefined, rated: boolean): Promise<SeatRequest[]> {
    const names = asked.flatMap((s) => ('accountName' in s ? [s.accountName] : []));
    if (rated && names.length !== asked.length)
      throw new ServiceError('BAD_REQUEST', 'a rated game seats accounts only: every player must name an account');
    if (names.length === 0) return asked as SeatRequest[];
    const keys = names.map(nameKey);
    if (new Set(keys).size !== keys.length)
      throw new ServiceError('BAD_REQUEST', 'body/players names an account twice: an account holds one seat of a game');
    const found = new Map((await this.store.byNames(keys)).map((a) => [a.nameKey, a]));
    // The server's bots may be seated by anyone (`server-bots.ts`); any other account only by its key.
    const onlyServerBots = found.size === keys.length && [...found.values()].every((a) => serverBotOf(a.id));
    if (!caller && !onlyServerBots)
      throw new ServiceError(
        'ACCOUNT_KEY_REQUIRED',
        'seating an account needs its key: Authorization: Bearer <account key>',
      );
    const missing = names.filter((_, i) => !found.has(keys[i]));
    if (missing.length > 0) throw new ServiceError('ACCOUNT_NOT_FOUND', `no account is called ${missing.join(', ')}`);
    for (const account of found.values()) {
      if (account.id !== caller?.id && !serverBotOf(account.id))
        throw new ServiceError(
          'ACCOUNT_NOT_YOURS',
          `${account.name} is another account: only your own account may be seated directly; challenge others`,
        );
      await this.checkRoom(account);
    }
    return asked.map((s) => ('accountName' in s ? { account: seatAccount(found.get(nameKey(s.accountName))!) } : s));
  }

  /** The bot account's accept policy, or null. */
  policy(account: Account): Promise<unknown> {
    return this.store.policy(account.id);
  }

  setPolicy(account: Account, policy: unknown): Promise<void> {
    return this.store.setPolicy(account.id, policy);
  }

  /** 409 when the account already sits in its most games at once. */
  async checkRoom(account: Account): Promise<void> {
    if ((await this.store.openGames(account.id)) >= this.limits.maxOpenGames)
      throw new ServiceError(
        'ACCOUNT_GAMES_FULL',
        `${account.name} already sits in ${this.limits.maxOpenGames} games that are not over`,
      );
  }

  /**
   * A page of the account's games, newest first (after `after`, the last page's end, when given),
   * those where its seat must act now first of the page; and where the next page starts when this
   * one is full. Games not over are read from the snapshot cache (their turn); the others from
   * their listing row.
   */
  async games(
    account: Account,
    statuses: readonly GameStatus[] | undefined,
    limit: number,
    after: AccountGamesCursor | null = null,
  ): Promise<{ games: AccountGame[]; next: AccountGamesCursor | null }> {
    const rows = await this.store.games(account.id, statuses, limit, after);
    const games = await Promise.all(
      rows.map(async (row): Promise<AccountGame> => {
        const base = { id: row.gameId, seat: row.seat, createdAt: row.createdAt };
        if (row.status === 'finished' || row.status === 'aborted')
          return { ...base, status: row.status, yourTurn: false, players: row.seats ?? [] };
        const turn = await this.turnOf(row.gameId);
        return {
          ...base,
          status: turn.status,
          yourTurn: turn.actor === row.seat,
          version: turn.version,
          players: turn.seats,
        };
      }),
    );
    const last = rows.at(-1);
    return {
      // Stable: within each group the store's order (newest first) stays.
      games: [...games.filter((g) => g.yourTurn), ...games.filter((g) => !g.yourTurn)],
      next: rows.length === limit && last ? { listedAt: last.listedAt, gameId: last.gameId } : null,
    };
  }
}
