/**
 * The JSON pieces of the service's answers, each written by a serializer compiled from its schema
 * (`json-pieces.ts`), once per registry: the state (`state-schema.ts`), the events of a move (the
 * registry's event schemas) and of a lifecycle act. The answers keep them per version and per log
 * entry (`answers.ts`, `cache/snapshot.ts`); the routes put them into their answers, with writers
 * compiled from their own response schemas.
 *
 * The placed tiles are most of a late state and a placed tile never changes, so a game's tiles are
 * written once each and kept (an `appendedArray` per game): the rest of the state is written from
 * the schema at each version. See docs/performance.md for what that saved.
 */
import { Type } from 'typebox';
import { registryOf, type Game, type GameEvent, type Registry } from '../engine/index.js';
import { PublicActSchema, type PublicAct } from '../game-log.js';
import { appendedArray, kept, objectWriter, serializer, sharedItems, type Json } from './json-pieces.js';
import { gameStateSchema, type GameState } from './state-schema.js';

export type { Json };

interface Writers {
  state: ReturnType<typeof stateWriter>;
  tiles: (game: Game, tiles: GameState['tiles']) => Json<GameState['tiles']>;
  tilesLeft: (value: GameState['tilesLeft']) => Json<GameState['tilesLeft']>;
  figures: (game: Game, figures: GameState['figures']) => Json<GameState['figures']>;
  events: (events: GameEvent[]) => Json<GameEvent[]>;
}

const stateWriter = (registry: Registry) =>
  objectWriter(gameStateSchema(registry), { given: ['tiles', 'tilesLeft', 'figures'] });

const writers = new WeakMap<Registry, Writers>();

function writersOf(registry: Registry): Writers {
  let w = writers.get(registry);
  if (!w) {
    const schema = gameStateSchema(registry);
    w = {
      state: stateWriter(registry),
      tiles: appendedArray(serializer(schema.properties.tiles.items)),
      tilesLeft: serializer(schema.properties.tilesLeft),
      figures: sharedItems(serializer(schema.properties.figures)),
      events: serializer(Type.Array(registry.schemas.GameEvent)) as Writers['events'],
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
    tilesLeft: pileJson(w, game, state),
    figures: w.figures(game, state.figures),
  });
}

/**
 * The pile's counts of a game are a function of how many tiles are left in it (its order is fixed):
 * their JSON is kept per game and written again after a draw.
 */
const piles = new WeakMap<Game, { left: number; json: Json<GameState['tilesLeft']> }>();

function pileJson(w: Writers, game: Game, state: GameState): Json<GameState['tilesLeft']> {
  const pile = piles.get(game);
  if (pile === undefined) {
    const json = kept(w.tilesLeft(state.tilesLeft));
    piles.set(game, { left: state.tilesLeftTotal, json });
    return json;
  }
  if (pile.left !== state.tilesLeftTotal) {
    pile.left = state.tilesLeftTotal;
    pile.json = kept(w.tilesLeft(state.tilesLeft));
  }
  return pile.json;
}

/** The events an engine move (or the game's creation) produced in `game`, to keep (`kept`). */
export const gameEventsJson = (game: Game, events: GameEvent[]): Json<GameEvent[]> =>
  kept(writersOf(registryOf(game)).events(events));

const actEvents = serializer(Type.Array(PublicActSchema));

/** The events of a lifecycle act: the act itself, without its secret (to keep). */
export const actEventsJson = (act: PublicAct): Json<PublicAct[]> => kept(actEvents([act]));
