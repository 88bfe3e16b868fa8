/** Builds the very app the server runs, in-process, for `inject` tests. */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Test } from 'tap';
import { buildApp, type AppOptions } from '../../../src/app.js';
import { openStore, type StoreLocation } from '../../../src/storage/open-store.js';
import type { App } from '../../../src/http/types.js';
import type { SerializerFactory } from '../../../src/http/lazy-serializers.js';

export type { App };
export { tempDatabase } from '../../helpers/temp-database.js';

export interface Seat {
  seat: number;
  name: string;
  token: string;
}

export interface CreatedGame {
  id: string;
  seats: Seat[];
  state: { version: number; [key: string]: unknown };
  events: unknown[];
}

type Serializer = ReturnType<ReturnType<SerializerFactory>>;

// Fastify's own serializer compiler (the app's lazy one compiles through it too).
const defaultSerializers: SerializerFactory = SerializerSelector();
const serializers = new Map<string, Serializer>();

/**
 * Fastify's serializer compiler, remembering what it compiled: each app compiles the same
 * response schemas again (fast-json-stringify generates code for each), about a third of a
 * second of CPU per app and a third of the CPU of the in-process HTTP tests. A serializer is a
 * function of its schema and options alone, so apps of one test process can share it.
 */
const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  const context = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${context}${JSON.stringify(route.schema)}`;
    let serializer = serializers.get(key);
    if (serializer === undefined) serializers.set(key, (serializer = compile(route)));
    return serializer;
  };
};

/** The app's options, and where its store is (an in-memory SQLite one when neither is given). */
export type TestAppOptions = Partial<AppOptions> & {
  databasePath?: string;
  database?: StoreLocation;
  busyTimeoutMs?: number;
};

/**
 * The app on a throwaway database. Tests create games by the thousand from one address, so the
 * budget per address is off unless a test asks for one (guards/address-limit.ts keeps the default).
 */
export async function testApp(t: Test, options: TestAppOptions = {}): Promise<App> {
  const { databasePath, database, busyTimeoutMs, ...rest } = options;
  const store = await openStore(database ?? { kind: 'sqlite', path: databasePath ?? ':memory:' }, {
    sqlite: { busyTimeoutMs },
  });
  const app = await buildApp({
    store,
    addressRateLimit: { perSecond: 0, burst: 0 },
    // Likewise the creation of accounts (test/accounts keeps the default's shape with its own numbers).
    accountCreation: { perSecond: 0, burst: 0 },
    // Likewise the caps on streams and long-polls per address (held-requests.test.ts sets them).
    streams: { perAddress: 0, opens: { perSecond: 0, burst: 0 } },
    hintBudget: { perMinute: 0, burst: 0 },
    // A finished game's analysis starts when a stream or a read asks for it, and took 20 s of
    // worker CPU by default in the background; tests that look at one give their own options.
    analysis: { budgetMs: 100 },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
    ...rest,
  });
  t.teardown(() => app.close());
  return app;
}

export const TWO_PLAYERS = { players: [{ name: 'Ann' }, { name: 'Bob' }] };

export async function createGame(app: App, body: object = TWO_PLAYERS): Promise<CreatedGame> {
  const res = await app.inject({ method: 'POST', url: '/games', payload: body });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json<CreatedGame>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface LegalMovesBody {
  version: number;
  actor: number | null;
  phase: string;
  moves: { type: string; [key: string]: unknown }[];
}

export async function legal(app: App, id: string): Promise<LegalMovesBody> {
  return (await app.inject({ url: `/games/${id}/legal-moves` })).json<LegalMovesBody>();
}

/** Plays the first legal move with the actor's token; returns the response. */
export async function playFirstLegal(app: App, game: CreatedGame) {
  const lm = await legal(app, game.id);
  if (lm.actor === null) throw new Error('game over');
  return app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[lm.actor].token),
    payload: { expectedVersion: lm.version, move: lm.moves[0] },
  });
}
