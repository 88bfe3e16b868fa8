/**
 * A small typed client of the Carcassonne API. Every type comes from `api.d.ts`, generated from
 * the OpenAPI document (`npm run generate`); nothing here restates a shape. Submissions carry
 * `expectedVersion` and an `Idempotency-Key`, so a retry after a network error or a 429/503 can
 * never play a move twice: the server answers the stored result instead. Only web-platform
 * globals are used (`fetch`, `crypto.randomUUID`), so it runs in Node 20+ and in browsers alike.
 */
import type { components } from './api.js';

export type Schemas = components['schemas'];
export type Move = Schemas['Move'];
export type GameEvent = Schemas['GameEvent'];
export type LogEvent = Schemas['LogEvent'];
/** A lifecycle act: an entry of the log beside the moves, counted by `version`, never an engine move. */
export type Act = Schemas['Act'];
/** An entry of the move log or the stream: an engine move or an act. */
export type LogEntry = Move | Act;
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

/** An error answer of the API, with its stable `code`. */
export class ApiProblem extends Error {
  constructor(
    readonly problem: Problem,
    /** Seconds the server asked to wait before retrying (`Retry-After`), 0 when it did not say. */
    readonly retryAfter = 0,
  ) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'ApiProblem';
  }
  get code(): string {
    return this.problem.code;
  }
}

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
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await this.fetch(`${this.base}${path}`, init);
    const body: unknown = await res.json();
    if (!res.ok) throw new ApiProblem(body as Problem, Number(res.headers.get('retry-after') ?? 0));
    return body as T;
  }

  createGame(setup: CreateGame): Promise<CreatedGame> {
    return this.request('/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
    if (!res.ok || !res.body) throw new ApiProblem((await res.json()) as Problem);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue; // keep-alive comment
          const i = line.indexOf(':');
          fields.set(line.slice(0, i), line.slice(i + 1).trimStart());
        }
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
