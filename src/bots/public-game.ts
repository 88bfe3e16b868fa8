/**
 * A game rebuilt from what every player sees, for a bot that talks to a server: the setup's
 * public part (players, expansions, rules), the creation's events, and each entry of the log
 * with its events. Every tile drawn so far is named by a `tileDrawn` event, so replaying the
 * moves over a pile that starts with those tiles in that order reaches a game that is publicly
 * the server's (same board, scores, supplies, drawn tile, legal moves); only the order of the
 * tiles still hidden differs, and no bot looks at it (see docs/bots.md).
 *
 * A log holds lifecycle acts beside the moves (docs/lifecycle.md): an act takes a version and
 * is never played on the engine game, which no act changes. What acts change is who plays a
 * seat's turns: a seat handed to a bot, a resigned seat, and a turn that timed out (until the
 * actor changes) are played by the server (`serverPlays`), and an aborted game by nobody.
 *
 * The whole pile, as counts per tile, is fixed once from the first state seen: its `tilesLeft`
 * plus every tile drawn up to its version.
 */
import {
  actorOf,
  createGame,
  pileOrder,
  playInPlace,
  type ExpansionId,
  type Game,
  type GameEvent,
  type Move,
  type Rules,
} from '../engine/index.js';
import { isAct, type LogEntry, type LogEvent } from './acts.js';

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
  /** Entries 1..V in order (moves and acts), each with its events. */
  log: readonly { move: LogEntry; events: readonly LogEvent[] }[];
}

function drawnTiles(events: readonly LogEvent[], into: string[]): void {
  for (const e of events) if (e.type === 'tileDrawn') into.push(e.tile);
}

export class PublicGame {
  private readonly players: { name: string }[];
  private readonly expansions: ExpansionId[];
  private readonly rules: Rules;
  private readonly drawn: string[] = [];
  /** The engine moves, each with the version it reached. */
  private readonly moves: { move: Move; version: number }[] = [];
  private entries = 0;
  /** Every tile of the draw pile, drawn or not, as counts. */
  private readonly pile = new Map<string, number>();
  /** Seats whose turns the server plays for good: handed to a bot, or resigned. */
  private readonly takenOver = new Set<number>();
  /** The last turn that timed out: its seat, and how many moves came before the act. */
  private timedOut: { seat: number; moves: number } | undefined;
  private aborted = false;
  private cached: { game: Game; timedOutSeat: number | undefined } | undefined;

  constructor({ state, created, log }: PublicHistory) {
    this.players = state.players.map((p) => ({ name: p.name }));
    this.expansions = [...state.expansions];
    this.rules = { ...state.rules };
    drawnTiles(created, this.drawn);
    for (const entry of log) this.push(entry.move, entry.events);
    for (const [tile, n] of Object.entries(state.tilesLeft)) this.pile.set(tile, n);
    for (const tile of this.drawn) this.pile.set(tile, (this.pile.get(tile) ?? 0) + 1);
  }

  /** The version reached: the number of log entries known, moves and acts alike. */
  get version(): number {
    return this.entries;
  }

  /** The next entry (version + 1), a move or an act, with its events. */
  push(entry: LogEntry, events: readonly LogEvent[]): void {
    this.entries++;
    this.cached = undefined;
    if (!isAct(entry)) {
      this.moves.push({ move: entry, version: this.entries });
      drawnTiles(events, this.drawn);
      return;
    }
    switch (entry.type) {
      case 'seatHandedToBot':
      case 'seatResigned':
        this.takenOver.add(entry.seat);
        return;
      case 'turnTimedOut':
        this.timedOut = { seat: entry.seat, moves: this.moves.length };
        return;
      case 'gameAborted':
        this.aborted = true;
        return;
      case 'seatJoined':
      case 'tokenReissued':
        return;
    }
  }

  /** The game at `version`: a replay of its moves, so throws if the history does not hold together. */
  game(): Game {
    return this.rebuilt().game;
  }

  /** Whether the server plays `seat`'s turn now (its bot or autopilot), so its own token may not. */
  serverPlays(seat: number): boolean {
    return this.aborted || this.takenOver.has(seat) || this.rebuilt().timedOutSeat === seat;
  }

  private rebuilt(): { game: Game; timedOutSeat: number | undefined } {
    if (this.cached) return this.cached;
    const left = new Map(this.pile);
    for (const tile of this.drawn) left.set(tile, (left.get(tile) ?? 0) - 1);
    const hidden: string[] = [];
    for (const [tile, n] of [...left].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (n < 0) throw new Error(`the history draws more ${tile} than the pile holds`);
      for (let i = 0; i < n; i++) hidden.push(tile);
    }
    const setup = { players: this.players, expansions: this.expansions, rules: this.rules };
    // The hidden tiles in the pile's stages (an expansion's tiles drawn before the land), as a tileOrder must list them.
    const created = createGame({ ...setup, tileOrder: [...this.drawn, ...pileOrder(setup, hidden)] });
    if (!created.ok) throw new Error(`the history's setup is refused: ${created.error.code} ${created.error.reason}`);
    const game = created.value.game;
    // A timed-out turn stays the autopilot's while its seat acts (docs/lifecycle.md, "The clock").
    let timedOutSeat = this.timedOut?.seat;
    for (const [i, { move, version }] of this.moves.entries()) {
      const played = playInPlace(game, move);
      if (!played.ok)
        throw new Error(`the history does not replay: version ${version}: ${played.error.code} ${played.error.reason}`);
      if (timedOutSeat !== undefined && i >= this.timedOut!.moves && actorOf(game) !== timedOutSeat)
        timedOutSeat = undefined;
    }
    this.cached = { game, timedOutSeat };
    return this.cached;
  }
}
