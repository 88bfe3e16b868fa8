/**
 * The calls the web client makes, through `openapi-fetch` over the types generated from the
 * OpenAPI document (clients/typescript/src/api.d.ts, `npm run client:generate`): every shape
 * here is the API's own, none is written out again. Every choice the page offers comes from
 * `legal-moves`; the page never works out a rule itself.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../clients/typescript/src/api.js';
import type { CreateGame, GameState, LegalMoves, Move } from '../clients/typescript/src/index.js';

// The client package's names, so that a shape has one name in both.
export type {
  CreateGame,
  Events as EventsPage,
  GameEvent,
  LegalMoves,
  LogEvent,
  Move,
  StreamMoveMessage as StreamMove,
} from '../clients/typescript/src/index.js';
export type PublicState = GameState;
type Schemas = components['schemas'];
/** A lifecycle act (a join, a resignation...) as the log and the stream show it, without its secret. */
export type Act = Schemas['Act'];
export type SeatView = Schemas['SeatView'];
export type GameStatus = PublicState['status'];
export type Phase = LegalMoves['phase'];
export type ListedGame = Schemas['Lobby']['games'][number];
export type Hint = Schemas['Hint'];
export type Analysis = Schemas['Analysis'];
export type AnalysisRunning = Schemas['AnalysisRunning'];
export type Ladder = Schemas['Ladder'];
export type LadderSprt = Schemas['LadderSprt'];
export type Catalog = paths['/tiles']['get']['responses'][200]['content']['application/json'];
export type Account = Schemas['Account'];
export type MyGame = Schemas['MyGames']['games'][number];
export type Challenge = Schemas['Challenge'];
export type CreateChallenge = Schemas['CreateChallenge'];
export type Leaderboard = Schemas['Leaderboard'];

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

const client = createClient<paths>({ baseUrl: location.origin });

/** The answer's `Retry-After` in seconds, when it says one. */
function retryAfter(response: Response): number | undefined {
  const retry = Number(response.headers.get('retry-after') ?? NaN);
  return Number.isFinite(retry) ? retry : undefined;
}

/** The answer's body with its `Retry-After` (an answer still being made says when to ask again), or the problem as an ApiError. */
async function answerWithRetry<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<{ body: T; retryAfter?: number }> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return { body: data, retryAfter: retryAfter(response) };
  const problem = (error ?? {}) as { code?: string; detail?: string };
  throw new ApiError(
    response.status,
    problem.code ?? `HTTP_${response.status}`,
    problem.detail ?? response.statusText,
    retryAfter(response),
  );
}

/** The answer's body, or the problem as an ApiError. */
const answer = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> =>
  (await answerWithRetry(call)).body;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const game = (id: string) => ({ path: { id } });
const seat = (id: string, n: number) => ({ path: { id, seat: n } });

export const api = {
  catalog: () => answer(client.GET('/tiles')),
  /** The state now, or (`version`) after move `version`: an immutable answer the browser may keep. */
  state: (id: string, version?: number) =>
    answer(client.GET('/games/{id}', { params: { ...game(id), query: { version } } })),
  legal: (id: string) => answer(client.GET('/games/{id}/legal-moves', { params: game(id) })),
  events: (id: string) => answer(client.GET('/games/{id}/events', { params: game(id) })),
  create: (body: CreateGame) => answer(client.POST('/games', { body })),
  /** Public games waiting for players, newest first: `limit` of them, after the cursor `after`. */
  lobby: (limit: number, after?: string) =>
    answer(client.GET('/games', { params: { query: { status: 'waiting', limit, after } } })),
  join: (id: string, n: number, name: string) =>
    answer(client.POST('/games/{id}/seats/{seat}/join', { params: seat(id, n), body: { name } })),
  resign: (id: string, n: number, token: string) =>
    answer(client.POST('/games/{id}/seats/{seat}/resign', { params: seat(id, n), headers: bearer(token) })),
  hint: (id: string, token: string) =>
    answer(client.GET('/games/{id}/hint', { params: game(id), headers: bearer(token) })),
  reissue: (id: string, n: number, admin: string) =>
    answer(client.POST('/games/{id}/seats/{seat}/token', { params: seat(id, n), headers: bearer(admin) })),
  handToBot: (id: string, n: number, admin: string, spec: Schemas['HandToBot']) =>
    answer(client.POST('/games/{id}/seats/{seat}/bot', { params: seat(id, n), headers: bearer(admin), body: spec })),
  abort: (id: string, admin: string) =>
    answer(client.POST('/games/{id}/abort', { params: game(id), headers: bearer(admin) })),
  submit: (id: string, token: string, expectedVersion: number, move: Move) =>
    answer(
      client.POST('/games/{id}/moves', { params: game(id), headers: bearer(token), body: { expectedVersion, move } }),
    ),
  // An account's calls (docs/accounts.md): its key goes only in the Authorization header.
  createAccount: (name: string) => answer(client.POST('/accounts', { body: { name, kind: 'player' } })),
  me: (key: string) => answer(client.GET('/accounts/me', { headers: bearer(key) })),
  /** A page of the account's games: the first, or the one after the cursor a page's `next` holds. */
  myGames: (key: string, after?: string) =>
    answer(client.GET('/accounts/me/games', { params: { query: { after } }, headers: bearer(key) })),
  /** The account's events after `after` (the cursor of the answer before), waiting up to `wait` s for one. */
  myEvents: (key: string, after?: string, wait?: number, signal?: AbortSignal) =>
    answer(client.GET('/accounts/me/events', { params: { query: { after, wait } }, headers: bearer(key), signal })),
  myChallenges: (key: string) => answer(client.GET('/accounts/me/challenges', { headers: bearer(key) })),
  challenge: (key: string, body: Schemas['CreateChallenge']) =>
    answer(client.POST('/challenges', { headers: bearer(key), body })),
  acceptChallenge: (key: string, id: string) =>
    answer(client.POST('/challenges/{id}/accept', { params: game(id), headers: bearer(key) })),
  declineChallenge: (key: string, id: string) =>
    answer(client.POST('/challenges/{id}/decline', { params: game(id), headers: bearer(key), body: {} })),
  cancelChallenge: (key: string, id: string) =>
    answer(client.DELETE('/challenges/{id}', { params: game(id), headers: bearer(key) })),
  /** The rated accounts, highest rating first: `limit` of them, after the cursor `after`. */
  leaderboard: (limit: number, after?: string) =>
    answer(client.GET('/leaderboard', { params: { query: { limit, after } } })),
  /** A finished game's analysis, or its progress while it is computed (with when to ask again). */
  analysis: (id: string) => answerWithRetry(client.GET('/games/{id}/analysis', { params: game(id) })),
  /** The bot ladder: its bots, their ratings and records, the latest pairs. */
  ladder: () => answer(client.GET('/ladder')),
  /** The sequential test of "bot a is stronger than bot b" on their pairs. */
  sprt: (a: string, b: string) => answer(client.GET('/ladder/sprt', { params: { query: { a, b } } })),
  /** The board drawn by the server after move `version` (immutable: cached by the browser). */
  boardAt: (id: string, version: number) =>
    answer(client.GET('/games/{id}/board.svg', { params: { path: { id }, query: { version } }, parseAs: 'text' })),
};
