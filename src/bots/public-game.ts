/**
 * A game rebuilt from what every player sees, for a bot that talks to a server: the setup's
 * public part (players, expansions, rules), the creation's events, and each move with its
 * events. Every tile drawn so far is named by a `tileDrawn` event, so replaying the moves over
 * a pile that starts with those tiles in that order reaches a game that is publicly the
 * server's (same board, scores, supplies, drawn tile, legal moves); only the order of the
 * tiles still hidden differs, and no bot looks at it (see docs/bots.md).
 *
 * The whole pile, as counts per tile, is fixed once from the first state seen: its `tilesLeft`
 * plus every tile drawn up to its version.
 */
import { replay, type ExpansionId, type Game, type GameEvent, type Move, type Rules } from '../engine/index.js';

/** What a client reads at some version V: the state's public setup and the log up to V. */
export interface PublicHistory {
  /** The state at version `log.length` (`GET /games/{id}`, or the stream's `state` message). */
  state: {
    players: readonly { name: string }[];
    expansions: readonly ExpansionId[];
    rules: Rules;
    tilesLeft: Readonly<Record<string, number>>;
  };
  /** The creation's events (`created` of `GET /games/{id}/events` or of the stream's `state`). */
  created: readonly GameEvent[];
  /** Moves 1..V in order, each with its events. */
  log: readonly { move: Move; events: readonly GameEvent[] }[];
}

function drawnTiles(events: readonly GameEvent[], into: string[]): void {
  for (const e of events) if (e.type === 'tileDrawn') into.push(e.tile);
}

export class PublicGame {
  private readonly players: { name: string }[];
  private readonly expansions: ExpansionId[];
  private readonly rules: Rules;
  private readonly drawn: string[] = [];
  private readonly moves: Move[] = [];
  /** Every tile of the draw pile, drawn or not, as counts. */
  private readonly pile = new Map<string, number>();
  private cached: Game | undefined;

  constructor({ state, created, log }: PublicHistory) {
    this.players = state.players.map((p) => ({ name: p.name }));
    this.expansions = [...state.expansions];
    this.rules = { ...state.rules };
    drawnTiles(created, this.drawn);
    for (const entry of log) this.push(entry.move, entry.events);
    for (const [tile, n] of Object.entries(state.tilesLeft)) this.pile.set(tile, n);
    for (const tile of this.drawn) this.pile.set(tile, (this.pile.get(tile) ?? 0) + 1);
  }

  /** The version reached: the number of moves known. */
  get version(): number {
    return this.moves.length;
  }

  /** The next move (version + 1) with its events. */
  push(move: Move, events: readonly GameEvent[]): void {
    this.moves.push(move);
    drawnTiles(events, this.drawn);
    this.cached = undefined;
  }

  /** The game at `version`: a replay, so throws if the history does not hold together. */
  game(): Game {
    if (this.cached) return this.cached;
    const left = new Map(this.pile);
    for (const tile of this.drawn) left.set(tile, (left.get(tile) ?? 0) - 1);
    const hidden: string[] = [];
    for (const [tile, n] of [...left].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (n < 0) throw new Error(`the history draws more ${tile} than the pile holds`);
      for (let i = 0; i < n; i++) hidden.push(tile);
    }
    const setup = {
      players: this.players,
      expansions: this.expansions,
      rules: this.rules,
      tileOrder: [...this.drawn, ...hidden],
    };
    const replayed = replay(setup, this.moves);
    if (!replayed.ok)
      throw new Error(
        `the history does not replay: move ${replayed.error.index + 1}: ${replayed.error.code} ${replayed.error.reason}`,
      );
    this.cached = replayed.value.game;
    return this.cached;
  }
}
