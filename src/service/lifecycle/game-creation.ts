/**
 * A new game: its stored setup (the engine's, with placeholder names for open and bot seats and
 * the seats' kinds beside them), its tokens (one per seat, told only for named seats; the admin
 * token), its row and its first snapshot.
 */
import { createGame, type GameEvent, type GameSetup, type Registry } from '../../engine/index.js';
import type { Webhook, WebhookFormat } from '../../storage/deliveries.js';
import type { NewGame, StoredSetup, Visibility } from '../../storage/game-store.js';
import { stateOf, type GameState } from '../answers.js';
import { engineNames, seatViews, statusOf } from './lifecycle.js';
import type { ClockSetup, SeatRequest, SeatView } from '../../game-log.js';
import { hashToken, newSeatToken, newSeed } from './seat-tokens.js';
import { ServiceError } from '../service-error.js';
import { newSnapshot, type Snapshot } from '../cache/snapshot.js';
import { accountEventsAfter } from '../accounts/account-events.js';

/** What a client asks for: the engine's setup, with seats that may be open or bots, and the lifecycle's options. */
export type CreateGameInput = Omit<GameSetup, 'players'> & {
  players: SeatRequest[];
  visibility?: Visibility;
  clock?: ClockSetup;
  /** Every seat is an account's, and the result counts for their ratings (`docs/accounts.md`). */
  rated?: boolean;
  /** Subscribes the game's webhook (`webhooks.ts`): the URL is checked, and kept out of the setup; `json` unless asked. */
  webhook?: { url: string; format?: WebhookFormat };
};

/** `Token` is `string` when every seat is named (every seat then has a token). */
export interface CreatedGame<Token extends string | undefined = string | undefined> {
  id: string;
  /** Every seat; a token for the named ones only. */
  seats: (Pick<SeatView, 'seat' | 'name' | 'kind'> & { token: Token })[];
  /** The secret that may abort the game, reissue a seat's token, or hand a seat to a bot. */
  adminToken: string;
  state: GameState;
  events: GameEvent[];
  /** The webhook subscribed at creation, with its signing secret: shown only here. */
  webhook?: Webhook;
}
export function newGame(
  id: string,
  input: Omit<CreateGameInput, 'webhook'>,
  at: string,
  checkedAt: number,
  registry?: Registry,
): { game: NewGame; snapshot: Snapshot; answer: CreatedGame } {
  // The caller's setup is stored as given: defaults stay the engine's business.
  const { players, visibility, ...rest } = input;
  const named = players.every((p) => 'name' in p);
  const setup: StoredSetup = {
    ...rest,
    players: engineNames(players),
    ...(named ? {} : { seats: players }),
    seed: input.seed ?? newSeed(),
  };
  const created = createGame(setup, registry);
  if (!created.ok) throw new ServiceError(created.error.code, created.error.reason);
  // Open and bot seats get a token nobody is told: no request opens them.
  const tokens = setup.players.map(() => newSeatToken());
  const adminToken = newSeatToken();
  const record = {
    id,
    setup,
    tokenHashes: tokens.map(hashToken),
    createdAt: at,
    adminTokenHash: hashToken(adminToken),
  };
  const snapshot = newSnapshot(record, created.value.game, checkedAt);
  const seats = seatViews(snapshot.life);
  const game: NewGame = {
    ...record,
    status: statusOf(snapshot.life, snapshot.game),
    at,
    visibility: visibility ?? 'private',
    seats,
    autoplay: seats.some((s) => s.kind === 'bot'),
    accountEvents: accountEventsAfter(snapshot, at, null, null),
    accountSeats: players.flatMap((p, seat) => ('account' in p ? [{ accountId: p.account.id, seat }] : [])),
  };
  const answer: CreatedGame = {
    id,
    // An account's seat is acted for by the account's key: its token is nobody's.
    seats: seats.map(({ seat, name, kind, account }) => ({
      seat,
      name,
      kind,
      ...(account ? { account } : {}),
      token: kind === 'human' && !account ? tokens[seat] : undefined,
    })),
    adminToken,
    state: stateOf(snapshot.game, snapshot.life, id, snapshot.version),
    events: created.value.events,
  };
  return { game, snapshot, answer };
}
