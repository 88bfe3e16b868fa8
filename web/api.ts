/**
 * The few calls the web client makes, typed with the engine's own public types (type-only
 * imports: no engine code reaches the bundle). Every choice the page offers comes from
 * `legal-moves`; the page never works out a rule itself.
 */
import type { GameEvent, Move, PublicState as EngineState } from '../src/engine/index.js';
import type { RenderCatalog } from '../src/render/index.js';

export type { GameEvent, Move };

/** A seat as the service tells it: a named player, an open seat, or a bot; and whether it resigned. */
export interface SeatView {
  seat: number;
  kind: 'human' | 'open' | 'bot';
  name: string;
  bot?: string;
  level?: number;
  resigned: boolean;
}

/** The lifecycle's status: the engine's, plus `waiting` (open seats) and `aborted`. */
export type GameStatus = EngineState['status'] | 'waiting' | 'aborted';

/**
 * GET /games/{id}: the engine's public view with the game's id and version, and the
 * lifecycle's members (absent on a game no act or seat kind ever touched).
 */
export type PublicState = Omit<EngineState, 'status'> & {
  id: string;
  version: number;
  status: GameStatus;
  seats?: SeatView[];
  clock?: { turnSeconds: number; deadline: string | null };
};

/** One public game of GET /games. */
export interface ListedGame {
  id: string;
  status: GameStatus;
  createdAt: string;
  players: SeatView[];
  expansions: string[];
  clock?: { turnSeconds: number };
}

export interface LegalMoves {
  version: number;
  actor: number | null;
  phase: string;
  moves: Move[];
}

export interface CreatedGame {
  id: string;
  /** A token for each named seat only. */
  seats: { seat: number; name: string; kind: SeatView['kind']; token?: string }[];
  /** The creator's token for admin acts: told once, here. */
  adminToken: string;
}

export interface EventsPage {
  version: number;
  created?: GameEvent[];
  events: { seq: number; seat: number; events: GameEvent[] }[];
}

/** A refused request: the problem document's code and detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    /** Seconds to wait before asking again (`Retry-After` of a 429 or 503), when told. */
    readonly retryAfter?: number,
  ) {
    super(detail);
  }
}

/** GET /games/{id}/hint: the move the mcts bot would play for the seat now. */
export interface Hint {
  version: number;
  seat: number;
  move: Move;
  winRate: number;
  iterations: number;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after') ?? NaN);
    throw new ApiError(res.status, json?.code ?? 'HTTP_' + res.status, json?.detail ?? res.statusText, Number.isFinite(retry) ? retry : undefined);
  }
  return json as T;
}

export const api = {
  catalog: () => call<RenderCatalog>('GET', '/tiles'),
  state: (id: string) => call<PublicState>('GET', `/games/${encodeURIComponent(id)}`),
  legal: (id: string) => call<LegalMoves>('GET', `/games/${encodeURIComponent(id)}/legal-moves`),
  events: (id: string) => call<EventsPage>('GET', `/games/${encodeURIComponent(id)}/events`),
  create: (body: unknown) => call<CreatedGame>('POST', '/games', body),
  /** Public games waiting for players, newest first: `limit` of them, after the cursor `after`. */
  lobby: (limit: number, after?: string) =>
    call<{ games: ListedGame[]; next?: string }>('GET', `/games?status=waiting&limit=${limit}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`),
  join: (id: string, seat: number, name: string) =>
    call<{ seat: number; name: string; token: string; version: number }>('POST', `/games/${encodeURIComponent(id)}/seats/${seat}/join`, { name }),
  resign: (id: string, seat: number, token: string) =>
    call<{ seat: number; version: number }>('POST', `/games/${encodeURIComponent(id)}/seats/${seat}/resign`, undefined, token),
  hint: (id: string, token: string) => call<Hint>('GET', `/games/${encodeURIComponent(id)}/hint`, undefined, token),
  reissue: (id: string, seat: number, admin: string) =>
    call<{ seat: number; token: string; version: number }>('POST', `/games/${encodeURIComponent(id)}/seats/${seat}/token`, undefined, admin),
  handToBot: (id: string, seat: number, admin: string, spec: { bot: string; level?: number }) =>
    call<{ version: number }>('POST', `/games/${encodeURIComponent(id)}/seats/${seat}/bot`, spec, admin),
  abort: (id: string, admin: string) => call<{ version: number }>('POST', `/games/${encodeURIComponent(id)}/abort`, undefined, admin),
  submit: (id: string, token: string, expectedVersion: number, move: Move) =>
    call<{ version: number; events: GameEvent[]; state: PublicState }>('POST', `/games/${encodeURIComponent(id)}/moves`, { expectedVersion, move }, token),
};
