/**
 * The JSON pieces of the service's answers: the state, written by the serializer compiled from its
 * schema (`state-schema.ts`, `json-pieces.ts`) once per registry, and the events of a move and of
 * a lifecycle act. The answers keep them per version and per log entry (`answers.ts`,
 * `cache/snapshot.ts`); the routes put them into their answers with writers compiled from their
 * own response schemas.
 *
 * What changes seldom is written seldom, kept per game: the placed tiles (a placed tile never
 * changes: each is written once, `appendedArray`), the pile's counts (once per draw, from the
 * engine's lists: `pileCounts`) and the figures (when one comes or goes). The rest of the state is written at each version.
 */
import { pileCounts, type Game, type GameEvent, type PileCounts, type Registry } from '../engine/index.js';
import type { PublicAct } from '../game-log.js';
import {
  appendedArray,
  entriesSerializer,
  objectWriter,
  serializer,
  sharedItems,
  unchangingValues,
  type Json,
} from './json-pieces.js';
import { gameStateSchema, type GameState } from './state-schema.js';

export type { Json };

interface Writers {
  state: ReturnType<typeof stateWriter>;
  tiles: (game: Game, tiles: GameState['tiles']) => Json<GameState['tiles']>;
  tilesLeft: (counts: PileCounts) => Json<GameState['tilesLeft']>;
  figures: (game: Game, figures: GameState['figures']) => Json<GameState['figures']>;
  seats: (seats: GameState['seats']) => Json<GameState['seats']>;
  rules: (rules: GameState['rules']) => Json<GameState['rules']>;
  expansions: (expansions: GameState['expansions']) => Json<GameState['expansions']>;
}

const stateWriter = (registry: Registry) =>
  objectWriter(gameStateSchema(registry), { given: ['seats', 'expansions', 'rules', 'tiles', 'tilesLeft', 'figures'] });

const writers = new WeakMap<Registry, Writers>();

function writersOf(registry: Registry): Writers {
  let w = writers.get(registry);
  if (!w) {
    const schema = gameStateSchema(registry);
    w = {
      state: stateWriter(registry),
      tiles: appendedArray(serializer(schema.properties.tiles.items)),
      tilesLeft: entriesSerializer(schema.properties.tilesLeft),
      figures: sharedItems(serializer(schema.properties.figures.items)),
      seats: unchangingValues(serializer(schema.properties.seats)),
      rules: unchangingValues(serializer(schema.properties.rules)),
      expansions: unchangingValues(serializer(schema.properties.expansions)),
    };
    writers.set(registry, w);
  }
  return w;
}

/**
 * The JSON of `state`, a state of a game of `registry`. With `game`, the game `state` was just
 * made from: its placed tiles' JSON is then taken from what was kept of it.
 */
export function stateJson(registry: Registry, state: GameState, game?: Game): Json<GameState> {
  const w = writersOf(registry);
  if (game === undefined) return w.state(state);
  return w.state(state, {
    tiles: w.tiles(game, state.tiles),
    tilesLeft: pileJson(w, game),
    figures: w.figures(game, state.figures),
    seats: w.seats(state.seats),
    rules: w.rules(state.rules),
    expansions: w.expansions(state.expansions),
  });
}

/**
 * The pile's counts' JSON, per game until its counts change (the engine makes new ones after a
 * draw). Not flattened (`kept`): it lives one turn, and the answers that hold it are flattened
 * whole when they are kept or sent.
 */
const piles = new WeakMap<Game, { counts: PileCounts; json: Json<GameState['tilesLeft']> }>();

function pileJson(w: Writers, game: Game): Json<GameState['tilesLeft']> {
  const counts = pileCounts(game);
  let pile = piles.get(game);
  if (pile === undefined) piles.set(game, (pile = { counts, json: w.tilesLeft(counts) }));
  else if (pile.counts !== counts) [pile.counts, pile.json] = [counts, w.tilesLeft(counts)];
  return pile.json;
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
