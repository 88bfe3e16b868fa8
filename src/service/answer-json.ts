/**
 * The JSON pieces of the service's answers: the state, written by the serializer compiled from its
 * schema (`state-schema.ts`, `json-pieces.ts`) once per registry, and the events of a move and of
 * a lifecycle act. The answers keep them per version and per log entry (`answers.ts`,
 * `cache/snapshot.ts`); the routes put them into their answers with writers compiled from their
 * own response schemas.
 *
 * What changes seldom is written seldom, kept per game by the game's own writers (`GameWriters`):
 * the placed tiles (a placed tile never changes: each is written once), the pile's counts (from
 * the engine's lists, only the pieces where a draw changed a count), the figures (when one comes
 * or goes), and the seats, the rules and the expansions (when they are another value). The rest
 * is written at each version.
 */
import { type Game, type GameEvent, type PileCounts, type Registry } from '../engine/index.js';
import type { PublicAct } from '../game-log.js';
import {
  appendedArray,
  entriesRecord,
  lastValue,
  objectWriter,
  serializer,
  sharedItems,
  type Json,
} from './json-pieces.js';
import { gameStateSchema, type GameState } from './state-schema.js';

export type { Json };

/** A game's writers: the state's, and one for each member written from what the game keeps. */
interface GameWriters {
  state: ReturnType<typeof stateWriter>;
  tiles: (tiles: GameState['tiles']) => Json<GameState['tiles']>;
  tilesLeft: (counts: PileCounts) => Json<GameState['tilesLeft']>;
  figures: (figures: GameState['figures']) => Json<GameState['figures']>;
  seats: (seats: GameState['seats']) => Json<GameState['seats']>;
  rules: (rules: GameState['rules']) => Json<GameState['rules']>;
  expansions: (expansions: GameState['expansions']) => Json<GameState['expansions']>;
}

const GIVEN = ['tiles', 'tilesLeft', 'figures', 'seats', 'rules', 'expansions'] as const;

const stateWriter = (registry: Registry) => objectWriter(gameStateSchema(registry), { given: GIVEN });

/** Per registry: the state's writer, and what makes a game's own writers. */
interface RegistryWriters {
  state: GameWriters['state'];
  forGame: () => GameWriters;
}

const registries = new WeakMap<Registry, RegistryWriters>();

function writersOf(registry: Registry): RegistryWriters {
  let w = registries.get(registry);
  if (!w) {
    const schema = gameStateSchema(registry);
    const state = stateWriter(registry);
    const tiles = appendedArray(serializer(schema.properties.tiles.items));
    const tilesLeft = entriesRecord(schema.properties.tilesLeft);
    const figures = sharedItems(serializer(schema.properties.figures.items));
    const seats = lastValue(serializer(schema.properties.seats));
    const rules = lastValue(serializer(schema.properties.rules));
    const expansions = lastValue(serializer(schema.properties.expansions));
    w = {
      state,
      forGame: () => ({
        state,
        tiles: tiles(),
        tilesLeft: tilesLeft(),
        figures: figures(),
        seats: seats(),
        rules: rules(),
        expansions: expansions(),
      }),
    };
    registries.set(registry, w);
  }
  return w;
}

/** Each game's writers, found with one lookup per state. */
const games = new WeakMap<Game, GameWriters>();

/** The JSON of `state`, a state of a game of `registry` (a replayed version): every member written from the state. */
export const stateJson = (registry: Registry, state: GameState): Json<GameState> => writersOf(registry).state(state);

/**
 * The JSON of `state`, just made from `game` without its `tilesLeft`, whose counts are `counts`
 * (`publicViewCounts`): what the game's writers kept of its earlier states is used.
 */
export function gameStateJson(
  registry: Registry,
  state: Omit<GameState, 'tilesLeft'>,
  game: Game,
  counts: PileCounts,
): Json<GameState> {
  let w = games.get(game);
  if (w === undefined) games.set(game, (w = writersOf(registry).forGame()));
  return w.state(state, {
    tiles: w.tiles(state.tiles),
    tilesLeft: w.tilesLeft(counts),
    figures: w.figures(state.figures),
    seats: w.seats(state.seats),
    rules: w.rules(state.rules),
    expansions: w.expansions(state.expansions),
  });
}

/**
 * The events an engine move (or the game's creation) produced, and those of a lifecycle act (the
 * act itself, without its secret): plain JSON.stringify of the engine's event objects, whose
 * types are those of their schemas. The serializer compiled from the events' union (each event
 * written by its type's serializer) cost a move's answer ~10 µs more in `npm run bench:answers-ab`
 * (its `return=minimal` row, against JSON.stringify; docs/performance.md).
 */
export const gameEventsJson = (events: GameEvent[]): Json<GameEvent[]> => JSON.stringify(events) as Json<GameEvent[]>;

export const actEventsJson = (act: PublicAct): Json<PublicAct[]> => JSON.stringify([act]) as Json<PublicAct[]>;
