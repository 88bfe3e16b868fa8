/**
 * A small typed client of the Carcassonne API. Every type comes from `api.d.ts`, generated from
 * the OpenAPI document (`npm run generate`); nothing here restates a shape. Submissions carry
 * `expectedVersion` and an `Idempotency-Key`, so a retry after a network error or a 429/503 can
 * never play a move twice: the server answers the stored result instead. Only web-platform
 * globals are used (`fetch`, `crypto`), so it runs in Node 22+ and in browsers alike. Every
 * operation of the OpenAPI document has a method named by its operationId.
 */
import type { components, operations } from './api.js';
import { ApiProblem, readAnswer, readText, UnexpectedAnswer } from './answers.js';
import { followAccount, type AccountHandlers, type FollowOptions } from './account-loop.js';

export type Schemas = components['schemas'];
export type Move = Schemas['Move'];
export type GameEvent = Schemas['GameEvent'];
export type LogEvent = Schemas['LogEvent'];
/** A lifecycle act: an entry of the log beside the moves, counted by `version`, never an engine move. */
export type Act = Schemas['Act'];
/** An entry of the move log or the stream: an engine move or an act. */
export type LogEntry = Move | Act;
export type Lobby = Schemas['Lobby'];
export type Analysis = Schemas['Analysis'];
export type AnalysisRunning = Schemas['AnalysisRunning'];
export type Hint = Schemas['Hint'];
export type Webhook = Schemas['Webhook'];
export type WebhookRequest = Schemas['WebhookRequest'];
/** A webhook's URL and format, as `getWebhook` reads it (no secret). */
export type WebhookSettings = Schemas['WebhookSettings'];
export type WebhookFormat = WebhookSettings['format'];
export type WebhookDeliveries = Schemas['WebhookDeliveries'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type HandToBot = Schemas['HandToBot'];
export type GameState = Schemas['GameState'];
export type LegalMoves = Schemas['LegalMoves'];
export type CreateGame = Schemas['CreateGame'];
export type CreatedGame = Schemas['CreatedGame'];
export type MoveAccepted = Schemas['MoveAccepted'];
export type Problem = Schemas['Problem'];
export type Events = Schemas['Events'];
export type MoveLogEntry = Schemas['MoveLog']['moves'][number];
export type StreamStateMessage = Schemas['StreamStateMessage'];
export type StreamMoveMessage = Schemas['StreamMoveMessage'];
export type StreamAnalysisMessage = Schemas['StreamAnalysisMessage'];
export type StreamMessage =
  | { event: 'state'; data: StreamStateMessage }
  | { event: 'move'; id: number; data: StreamMoveMessage }
  | { event: 'analysis'; data: StreamAnalysisMessage };

export { ApiProblem, UnexpectedAnswer } from './answers.js';
export type { AccountEvent, AccountEventType, AccountHandlers, FollowOptions } from './account-loop.js';
export { verify, type VerifyOptions } from './webhook.js';

/** The acts' types, total over the generated `Act` union: a new act is a compile error here. */
const ACT_TYPES: Record<Act['type'], true> = {
  seatJoined: true,
  tokenReissued: true,
  seatHandedToBot: true,
  gameAborted: true,
  seatResigned: true,
  turnTimedOut: true,
};
/** An act, not an engine move (or, for a log event, not an engine event). */
export function isAct<T extends { type: string }>(entry: T): entry is Extract<T, { type: Act['type'] }> {
  return Object.hasOwn(ACT_TYPES, entry.type);
}

type Op = operations;
type Query<K extends keyof Op> = NonNullable<Op[K]['parameters']['query']>;
type Json<K extends keyof Op, S extends keyof Op[K]['responses']> = Op[K]['responses'][S] extends {
  content: { 'application/json': infer T };
}
  ? T
  : never;
const qs = (query: object = {}) => {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const jsonBody = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export interface ClientOptions {
  /** The server, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Attempts of a submission before giving up (network errors, 429, 503). */
  retries?: number;
  fetch?: typeof fetch;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CarcassonneClient {
  private readonly base: string;
  private readonly retries: number;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/$/, '');
    this.retries = options.retries ?? 5;
    // Bound: a browser's fetch called as a method of another object throws "Illegal invocation"
    // (Node's does not), which the account loop took for a network error and retried forever.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const url = `${this.base}${path}`;
    return (await readAnswer(await this.fetch(url, init), url)) as T;
  }

  private async svg(path: string): Promise<string> {
    const url = `${this.base}${path}`;
    return readText(await this.fetch(url), url, /image\/svg\+xml/);
  }

  private game(id: string, rest = ''): string {
    return `/games/${encodeURIComponent(id)}${rest}`;
  }

  // Every operation of the OpenAPI document, named by its operationId (test/http/client-operations.test.ts).

  getHealth(): Promise<Json<'getHealth', 200>> {
    return this.request('/health');
  }

  listTiles(): Promise<Schemas['TileCatalog']> {
    return this.request('/tiles');
  }

  listGames(query: Query<'listGames'> = {}): Promise<Lobby> {
    return this.request(`/games${qs(query)}`);
  }

  getGame(gameId: string, query: Query<'getGame'> = {}): Promise<GameState> {
    return this.request(this.game(gameId, qs(query)));
  }

  getLegalMoves(gameId: string, query: Query<'getLegalMoves'> = {}): Promise<LegalMoves> {
    return this.request(this.game(gameId, `/legal-moves${qs(query)}`));
  }

  joinSeat(gameId: string, seat: number, name: string): Promise<Schemas['SeatJoined']> {
    return this.request(this.game(gameId, `/seats/${seat}/join`), { method: 'POST', ...jsonBody({ name }) });
  }

  resignSeat(gameId: string, seat: number, token: string): Promise<Schemas['SeatResigned']> {
    return this.request(this.game(gameId, `/seats/${seat}/resign`), { method: 'POST', headers: bearer(token) });
  }

  abortGame(gameId: string, adminToken: string): Promise<Schemas['ActDone']> {
    return this.request(this.game(gameId, '/abort'), { method: 'POST', headers: bearer(adminToken) });
  }

  reissueSeatToken(gameId: string, seat: number, adminToken: string): Promise<Schemas['TokenReissued']> {
    return this.request(this.game(gameId, `/seats/${seat}/token`), { method: 'POST', headers: bearer(adminToken) });
  }

  handSeatToBot(gameId: string, seat: number, adminToken: string, bot: HandToBot): Promise<Schemas['ActDone']> {
    const { headers, body } = jsonBody(bot);
    return this.request(this.game(gameId, `/seats/${seat}/bot`), {
      method: 'POST',
      headers: { ...headers, ...bearer(adminToken) },
      body,
    });
  }

  subscribeWebhook(gameId: string, adminToken: string, webhook: WebhookRequest): Promise<Webhook> {
    const { headers, body } = jsonBody(webhook);
    return this.request(this.game(gameId, '/webhook'), {
      method: 'PUT',
      headers: { ...headers, ...bearer(adminToken) },
      body,
    });
  }

  /** The webhook's URL and format; its secret was shown only when it was made. */
  getWebhook(gameId: string, adminToken: string): Promise<WebhookSettings> {
    return this.request(this.game(gameId, '/webhook'), { headers: bearer(adminToken) });
  }

  async removeWebhook(gameId: string, adminToken: string): Promise<void> {
    const url = `${this.base}${this.game(gameId, '/webhook')}`;
    const res = await this.fetch(url, { method: 'DELETE', headers: bearer(adminToken) });
    if (res.status !== 204) await readAnswer(res, url);
  }

  listWebhookDeliveries(gameId: string, adminToken: string): Promise<WebhookDeliveries> {
    return this.request(this.game(gameId, '/webhook/deliveries'), { headers: bearer(adminToken) });
  }

  /** Sends a delivery again (202): pending, due now, with its first id and payload. */
  redeliverWebhookDelivery(gameId: string, deliveryId: string, adminToken: string): Promise<WebhookDelivery> {
    return this.request(this.game(gameId, `/webhook/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), {
      method: 'POST',
      headers: bearer(adminToken),
    });
  }

  /** The finished game's analysis (200), or how far its computation is (202: ask again). */
  getAnalysis(gameId: string): Promise<Analysis | AnalysisRunning> {
    return this.request(this.game(gameId, '/analysis'));
  }

  /** One page of the move log (`moveLog` reads them all). */
  getMoveLog(gameId: string, query: Query<'getMoveLog'> = {}): Promise<Schemas['MoveLog']> {
    return this.request(this.game(gameId, `/moves${qs(query)}`));
  }

  getHint(gameId: string, token: string): Promise<Hint> {
    return this.request(this.game(gameId, '/hint'), { headers: bearer(token) });
  }

  getEvents(gameId: string, query: Query<'getEvents'> = {}): Promise<Events> {
    return this.request(this.game(gameId, `/events${qs(query)}`));
  }

  getBoardSvg(gameId: string, query: Query<'getBoardSvg'> = {}): Promise<string> {
    return this.svg(this.game(gameId, `/board.svg${qs(query)}`));
  }

  getTileSvg(set: string, name: string, query: Query<'getTileSvg'> = {}): Promise<string> {
    return this.svg(`/tiles/${encodeURIComponent(set)}/${encodeURIComponent(name)}.svg${qs(query)}`);
  }

  /** `play`: the move submitted with retries. */
  submitMove(gameId: string, token: string, expectedVersion: number, move: Move): Promise<MoveAccepted> {
    return this.play(gameId, token, expectedVersion, move);
  }

  /** `stream`: the event stream as an async iterator. */
  streamGame(gameId: string, options: { after?: number; signal?: AbortSignal } = {}): AsyncGenerator<StreamMessage> {
    return this.stream(gameId, options);
  }

  // Accounts (docs/accounts.md): `key` is an account's key; it also goes where a seat token does
  // (submitMove, resignSeat, getHint) to act for the seat its account holds.

  /** A new account and its key, shown only here. */
  createAccount(account: Schemas['CreateAccount']): Promise<Schemas['AccountCreated']> {
    return this.request('/accounts', { method: 'POST', ...jsonBody(account) });
  }

  getMyAccount(key: string): Promise<Schemas['Account']> {
    return this.request('/accounts/me', { headers: bearer(key) });
  }

  getAccount(name: string): Promise<Schemas['Account']> {
    return this.request(`/accounts/${encodeURIComponent(name)}`);
  }

  listAccountKeys(key: string): Promise<Schemas['AccountKeys']> {
    return this.request('/accounts/me/keys', { headers: bearer(key) });
  }

  /** Another key, shown only here: to rotate, add one and revoke the old. */
  addAccountKey(key: string): Promise<Schemas['AccountKeyCreated']> {
    return this.request('/accounts/me/keys', { method: 'POST', headers: bearer(key) });
  }

  async revokeAccountKey(key: string, keyId: string): Promise<void> {
    const url = `${this.base}/accounts/me/keys/${encodeURIComponent(keyId)}`;
    const res = await this.fetch(url, { method: 'DELETE', headers: bearer(key) });
    if (res.status !== 204) await readAnswer(res, url);
  }

  /** A page of the account's games, newest first (those where it must act first in the page); the next from `next`. */
  listMyGames(key: string, query: Query<'listMyGames'> = {}): Promise<Schemas['MyGames']> {
    return this.request(`/accounts/me/games${qs(query)}`, { headers: bearer(key) });
  }

  /** The account's events after `after` (the last answer's `cursor`); long-polls up to `wait` seconds. */
  getMyEvents(key: string, query: Query<'getMyEvents'> = {}, signal?: AbortSignal): Promise<Schemas['AccountEvents']> {
    return this.request(`/accounts/me/events${qs(query)}`, { headers: bearer(key), signal });
  }

  /**
   * The account's event stream: fresh, first the turns waiting for it; resumed (`after` = the
   * last event's `id`, in the query; or `lastEventId`, sent as `Last-Event-ID`), exactly the
   * events after it. Ends when the server ends it (resume then) or `signal` aborts. Events of
   * later API versions are given as they come. `followAccount` does the resuming.
   */
  async *streamMyEvents(
    key: string,
    options: { after?: string; lastEventId?: string; moves?: boolean; signal?: AbortSignal } = {},
  ): AsyncGenerator<Schemas['AccountEvent']> {
    const url = `${this.base}/accounts/me/stream${qs({ after: options.after, moves: options.moves })}`;
    const resume: Record<string, string> =
      options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId };
    const res = await this.fetch(url, {
      headers: { accept: 'text/event-stream', ...resume, ...bearer(key) },
      signal: options.signal,
    });
    if (!res.ok || !res.body || !/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
      await readAnswer(res, url);
      throw new UnexpectedAnswer(url, res.status, res.headers.get('content-type') ?? '', '');
    }
    for await (const fields of sseFields(res.body)) {
      const data = fields.get('data');
      if (data !== undefined) yield JSON.parse(data) as Schemas['AccountEvent'];
    }
  }

  /**
   * Follows the account's events until `options.signal` aborts, each to its handler
   * (`gameStarted`, `yourTurn`, `gameFinished`, `challenge`...), resuming after every drop
   * without a gap or a repeat (account-loop.ts).
   */
  followAccount(key: string, handlers: AccountHandlers, options: FollowOptions = {}): Promise<void> {
    return followAccount(this, key, handlers, options);
  }

  // Challenges (docs/accounts.md).

  createChallenge(key: string, challenge: Schemas['CreateChallenge']): Promise<Schemas['Challenge']> {
    const { headers, body } = jsonBody(challenge);
    return this.request('/challenges', { method: 'POST', headers: { ...headers, ...bearer(key) }, body });
  }

  getChallenge(key: string, id: string): Promise<Schemas['Challenge']> {
    return this.request(`/challenges/${encodeURIComponent(id)}`, { headers: bearer(key) });
  }

  /** Accepts; the last acceptance starts the game (`status: "started"`, `gameId`). */
  acceptChallenge(key: string, id: string): Promise<Schemas['Challenge']> {
    return this.request(`/challenges/${encodeURIComponent(id)}/accept`, { method: 'POST', headers: bearer(key) });
  }

  declineChallenge(key: string, id: string, reason?: string): Promise<Schemas['Challenge']> {
    const { headers, body } = jsonBody(reason === undefined ? {} : { reason });
    return this.request(`/challenges/${encodeURIComponent(id)}/decline`, {
      method: 'POST',
      headers: { ...headers, ...bearer(key) },
      body,
    });
  }

  cancelChallenge(key: string, id: string): Promise<Schemas['Challenge']> {
    return this.request(`/challenges/${encodeURIComponent(id)}`, { method: 'DELETE', headers: bearer(key) });
  }

  listMyChallenges(key: string): Promise<Schemas['Challenges']> {
    return this.request('/accounts/me/challenges', { headers: bearer(key) });
  }

  getAcceptPolicy(key: string): Promise<Schemas['AcceptPolicyAnswer']> {
    return this.request('/accounts/me/policy', { headers: bearer(key) });
  }

  /** A bot account's accept policy: challenges it fits are accepted at once, others declined. */
  setAcceptPolicy(key: string, policy: Schemas['AcceptPolicy']): Promise<Schemas['AcceptPolicyAnswer']> {
    const { headers, body } = jsonBody(policy);
    return this.request('/accounts/me/policy', { method: 'PUT', headers: { ...headers, ...bearer(key) }, body });
  }

  /** Puts the bot account on the ladder (or changes its games at once): the server matches it from now on. */
  joinLadder(key: string, maxGames: number): Promise<Schemas['LadderEntry']> {
    const { headers, body } = jsonBody({ maxGames });
    return this.request('/accounts/me/ladder', { method: 'PUT', headers: { ...headers, ...bearer(key) }, body });
  }

  getMyLadderEntry(key: string): Promise<Schemas['LadderEntry']> {
    return this.request('/accounts/me/ladder', { headers: bearer(key) });
  }

  /** Takes the account off the ladder; the matches it is playing go on. */
  async leaveLadder(key: string): Promise<void> {
    const url = `${this.base}/accounts/me/ladder`;
    const res = await this.fetch(url, { method: 'DELETE', headers: bearer(key) });
    if (res.status !== 204) await readAnswer(res, url);
  }

  /** Sends the account's events to `url`, in order, signed; the answer's `secret` is new and shown only here. */
  subscribeAccountWebhook(key: string, url: string): Promise<Schemas['AccountWebhook']> {
    const { headers, body } = jsonBody({ url });
    return this.request('/accounts/me/webhook', { method: 'PUT', headers: { ...headers, ...bearer(key) }, body });
  }

  /** The account's webhook and how its deliveries fare (never its secret). */
  getAccountWebhook(key: string): Promise<Schemas['AccountWebhookSettings']> {
    return this.request('/accounts/me/webhook', { headers: bearer(key) });
  }

  async removeAccountWebhook(key: string): Promise<void> {
    const url = `${this.base}/accounts/me/webhook`;
    const res = await this.fetch(url, { method: 'DELETE', headers: bearer(key) });
    if (res.status !== 204) await readAnswer(res, url);
  }

  /** The ladder: its bots with their ratings and records, and the latest duplicate pairs. */
  getLadder(): Promise<Schemas['Ladder']> {
    return this.request('/ladder');
  }

  /** Is bot `a` stronger than bot `b`? The sequential test on their pairs, with its verdict. */
  getLadderSprt(query: Query<'getLadderSprt'>): Promise<Schemas['LadderSprt']> {
    return this.request(`/ladder/sprt${qs(query)}`);
  }

  /** The accounts that played rated games, highest rating (mu - 3 sigma) first, a page at a time (`after`: the previous page's `next` cursor). */
  getLeaderboard(query: Query<'getLeaderboard'> = {}): Promise<Schemas['Leaderboard']> {
    return this.request(`/leaderboard${qs(query)}`);
  }

  /** The account of `key` takes an open seat (no token: the key acts for it). */
  joinSeatAsAccount(gameId: string, seat: number, key: string): Promise<Schemas['SeatJoined']> {
    const { headers, body } = jsonBody({});
    return this.request(this.game(gameId, `/seats/${seat}/join`), {
      method: 'POST',
      headers: { ...headers, ...bearer(key) },
      body,
    });
  }

  // The short names of the first release.

  /** `key`: an account's key, needed when a seat is `{ account }` (your own account). */
  createGame(setup: CreateGame, key?: string): Promise<CreatedGame> {
    return this.request('/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : bearer(key)) },
      body: JSON.stringify(setup),
    });
  }

  state(gameId: string): Promise<GameState> {
    return this.request(`/games/${encodeURIComponent(gameId)}`);
  }

  /** The legal moves now; with `after`, waits up to `waitSeconds` for a version past it. */
  legalMoves(gameId: string, after?: number, waitSeconds = 30): Promise<LegalMoves> {
    const query = after === undefined ? '' : `?after=${after}&wait=${waitSeconds}`;
    return this.request(`/games/${encodeURIComponent(gameId)}/legal-moves${query}`);
  }

  /** The events of the moves after `after`; without it, the whole history with the creation's events (`created`). */
  events(gameId: string, after?: number): Promise<Events> {
    return this.request(`/games/${encodeURIComponent(gameId)}/events${after === undefined ? '' : `?after=${after}`}`);
  }

  /** The whole move log, page after page (each page's `next` link). */
  async moveLog(gameId: string): Promise<MoveLogEntry[]> {
    const moves: MoveLogEntry[] = [];
    for (let path: string | undefined = `/games/${encodeURIComponent(gameId)}/moves`; path !== undefined;) {
      const page: Schemas['MoveLog'] = await this.request(path);
      moves.push(...page.moves);
      path = page.next;
    }
    return moves;
  }

  /** Seat `index` of a game, acting with its token. */
  seat(gameId: string, token: string, index: number): Seat {
    return new Seat(this, gameId, token, index);
  }

  /** The seats of a game just created that came with a token (the named players'). */
  seats(game: CreatedGame): Seat[] {
    return game.seats.flatMap(({ seat, token }) => (token === undefined ? [] : [this.seat(game.id, token, seat)]));
  }

  /** Submits a move, retrying safely (same Idempotency-Key) on network errors, 429 and 503. */
  async play(gameId: string, token: string, expectedVersion: number, move: Move): Promise<MoveAccepted> {
    const key = globalThis.crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.request<MoveAccepted>(`/games/${encodeURIComponent(gameId)}/moves`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
          body: JSON.stringify({ expectedVersion, move }),
        });
      } catch (error) {
        const retryable =
          error instanceof ApiProblem ? error.problem.status === 429 || error.problem.status === 503 : true;
        if (!retryable || attempt >= this.retries) throw error;
        const retryAfter = error instanceof ApiProblem ? error.retryAfter : 0;
        await sleep(retryAfter > 0 ? retryAfter * 1000 : Math.min(2000, 100 * 2 ** attempt));
      }
    }
  }

  /**
   * The game's event stream (resuming after `after` when given), until the game ends or `signal`
   * aborts; a finished game's ends with an `analysis` message once its analysis is stored, if one
   * is being computed (`GET /games/{id}/analysis` starts it). Events of later API versions are skipped.
   */
  async *stream(gameId: string, options: { after?: number; signal?: AbortSignal } = {}): AsyncGenerator<StreamMessage> {
    const query = options.after === undefined ? '' : `?after=${options.after}`;
    const res = await this.fetch(`${this.base}/games/${encodeURIComponent(gameId)}/stream${query}`, {
      headers: { accept: 'text/event-stream' },
      signal: options.signal,
    });
    const url = `${this.base}/games/${encodeURIComponent(gameId)}/stream${query}`;
    if (!res.ok || !res.body || !/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
      await readAnswer(res, url);
      throw new UnexpectedAnswer(url, res.status, res.headers.get('content-type') ?? '', '');
    }
    for await (const fields of sseFields(res.body)) {
      const data = fields.get('data');
      if (data === undefined) continue;
      const event = fields.get('event');
      if (event === 'state') yield { event, data: JSON.parse(data) as StreamStateMessage };
      else if (event === 'analysis') yield { event, data: JSON.parse(data) as StreamAnalysisMessage };
      else if (event === 'move')
        yield { event: 'move', id: Number(fields.get('id')), data: JSON.parse(data) as StreamMoveMessage };
    }
  }
}

/** The fields of each message of a Server-Sent Events body; comments (keep-alives) are skipped. */
async function* sseFields(body: AsyncIterable<Uint8Array>): AsyncGenerator<Map<string, string>> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const i = line.indexOf(':');
        fields.set(line.slice(0, i), line.slice(i + 1).trimStart());
      }
      yield fields;
    }
  }
}

/** One seat: its legal moves, its moves, and waiting for its turn. */
export class Seat {
  constructor(
    readonly client: CarcassonneClient,
    readonly gameId: string,
    readonly token: string,
    readonly index: number,
  ) {}

  legalMoves(): Promise<LegalMoves> {
    return this.client.legalMoves(this.gameId);
  }

  play(expectedVersion: number, move: Move): Promise<MoveAccepted> {
    return this.client.play(this.gameId, this.token, expectedVersion, move);
  }

  /**
   * Waits until this seat must act (its legal moves) or the game is over (`null`): one
   * long-poll per move of the others.
   */
  async waitForTurn(): Promise<LegalMoves | null> {
    let legal = await this.client.legalMoves(this.gameId);
    for (;;) {
      if (legal.actor === null) return null;
      if (legal.actor === this.index) return legal;
      legal = await this.client.legalMoves(this.gameId, legal.version);
    }
  }
}
