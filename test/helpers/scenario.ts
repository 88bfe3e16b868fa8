/**
 * Builds real board positions for rule tests: a game with a fixed tile order, driven move by
 * move through the public engine API. A refused move throws with the engine's reason, so a
 * test never silently runs on a board it did not mean to build.
 */
import {
  createGame,
  legalMoves,
  play,
  publicView,
  type Corner,
  type ExpansionId,
  type Game,
  type GameEvent,
  type Move,
  type PlaceableFigure,
  type PublicState,
  type Rotation,
  type Rules,
} from '../../src/engine/index.js';

export interface Scenario {
  game: Game;
  /** Every event since the game was created, in order. */
  events: GameEvent[];
  /** Events of the last move played. */
  last: GameEvent[];
  view(): PublicState;
  play(...moves: Move[]): Scenario;
}

export function scenario(opts: {
  players?: number;
  expansions?: ExpansionId[];
  rules?: Partial<Rules>;
  tiles: string[];
}): Scenario {
  const created = createGame({
    players: Array.from({ length: opts.players ?? 2 }, (_, i) => ({ name: `P${i}` })),
    expansions: opts.expansions ?? [],
    rules: opts.rules ?? {},
    tileOrder: opts.tiles,
  });
  if (!created.ok) throw new Error(`createGame: ${created.error.reason}`);
  const s: Scenario = {
    game: created.value.game,
    events: [...created.value.events],
    last: created.value.events,
    view: () => publicView(s.game),
    play(...moves) {
      for (const m of moves) {
        const r = play(s.game, m);
        if (!r.ok) {
          const lm = legalMoves(s.game);
          throw new Error(
            `move ${JSON.stringify(m)} refused: ${r.error.code} ${r.error.reason}; phase ${lm.phase}, legal: ${JSON.stringify(lm.moves.slice(0, 12))}`,
          );
        }
        s.game = r.value.game;
        s.last = r.value.events;
        s.events.push(...r.value.events);
      }
      return s;
    },
  };
  return s;
}

// Move builders, so boards read like a game record.
export const tile = (x: number, y: number, rotation: Rotation = 0): Move => ({ type: 'placeTile', x, y, rotation });
export const meeple = (x: number, y: number, feature: number): Move => ({
  type: 'placeFigure',
  figure: 'meeple',
  x,
  y,
  feature,
});
export const figure = (figure: PlaceableFigure, x: number, y: number, feature: number): Move => ({
  type: 'placeFigure',
  figure,
  x,
  y,
  feature,
});
export const barn = (x: number, y: number, corner: Corner): Move => ({ type: 'placeBarn', x, y, corner });
export const abbey = (x: number, y: number): Move => ({ type: 'placeAbbey', x, y });
export const pass: Move = { type: 'pass' };
export const draw: Move = { type: 'draw' };

/** The featureScored events of a list, for exact assertions. */
export const scored = (events: GameEvent[]) =>
  events.filter((e): e is Extract<GameEvent, { type: 'featureScored' }> => e.type === 'featureScored');
