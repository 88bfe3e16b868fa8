/**
 * The few calls the web client makes, typed with the engine's own public types (type-only
 * imports: no engine code reaches the bundle). Every choice the page offers comes from
 * `legal-moves`; the page never works out a rule itself.
 */
import type { GameEvent, Move, PublicState as EngineState } from '../src/engine/index.js';
import type { RenderCatalog } from '../src/render/index.js';

export type { GameEvent, Move };

/** GET /games/{id}: the engine's public view with the game's id and version. */
export type PublicState = EngineState & { id: string; version: number };

export interface LegalMoves {
  version: number;
  actor: number | null;
  phase: string;
  moves: Move[];
}

export interface CreatedGame {
  id: string;
  seats: { seat: number; name: string; token: string }[];
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
  ) {
    super(detail);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, json?.code ?? 'HTTP_' + res.status, json?.detail ?? res.statusText);
  return json as T;
}

export const api = {
  catalog: () => call<RenderCatalog>('GET', '/tiles'),
  state: (id: string) => call<PublicState>('GET', `/games/${encodeURIComponent(id)}`),
  legal: (id: string) => call<LegalMoves>('GET', `/games/${encodeURIComponent(id)}/legal-moves`),
  events: (id: string) => call<EventsPage>('GET', `/games/${encodeURIComponent(id)}/events`),
  create: (body: unknown) => call<CreatedGame>('POST', '/games', body),
  submit: (id: string, token: string, expectedVersion: number, move: Move) =>
    call<{ version: number; events: GameEvent[]; state: PublicState }>('POST', `/games/${encodeURIComponent(id)}/moves`, { expectedVersion, move }, token),
};
