/**
 * The engine's pure API: createGame, legalMoves, play, replay. Internal steps (turn.ts,
 * moves.ts) mutate a State; these functions only ever hand out fresh states.
 */
import { START_TILE, TILE_BY_ID, pileTiles, type TileType } from './catalog.js';
import { orderedModules } from './expansions/index.js';
import { composeFigureRules, figureMoves } from './figures.js';
import { ROTATION_OF, keyOf, xOf, yOf } from './geometry.js';
import { applyMove } from './moves.js';
import { seededRandom, shuffle } from './rng.js';
import { FIGURE_INDEX, State, capacityFor } from './state.js';
import { decisionMoves, drawAlternatives, endgameRound, startPart } from './turn.js';
import {
  ENDGAME_ABBEYS, EXPANSIONS, MAX_NAME_LENGTH, WAGON_MOVES, FIGURE_KINDS,
  type GameEvent, type GameSetup, type LegalMoves, type Move, type MoveType, type Result,
  type Rules, type RuleViolation,
} from './types.js';
import type { MoveHandler } from './expansion.js';
import { violation } from './violation.js';

/** An opaque game value. Never mutate it; play() returns a new one. */
export type Game = State;

// ---------------------------------------------------------------- setup

function setupError(reason: string): { ok: false; error: RuleViolation } {
  return { ok: false, error: violation('INVALID_SETUP', reason) };
}

export function createGame(setup: GameSetup): Result<{ game: Game; events: GameEvent[] }> {
  if (typeof setup !== 'object' || setup === null) return setupError('setup must be an object');
  const players = setup.players;
  if (!Array.isArray(players) || players.length < 2 || players.length > 6) {
    return setupError('a game has 2 to 6 players');
  }
  for (const p of players) {
    if (typeof p?.name !== 'string' || p.name.length === 0 || [...p.name].length > MAX_NAME_LENGTH) {
      return setupError(`each player needs a name of 1 to ${MAX_NAME_LENGTH} characters`);
    }
  }
  const expansions = setup.expansions ?? [];
  if (!Array.isArray(expansions) || expansions.some((e) => !EXPANSIONS.includes(e))) {
    return setupError(`expansions must be among ${EXPANSIONS.join(', ')}`);
  }
  if (new Set(expansions).size !== expansions.length) return setupError('an expansion is listed twice');
  const r = setup.rules ?? {};
  const rules: Rules = { endgameAbbeys: r.endgameAbbeys ?? 'continue', wagonMove: r.wagonMove ?? 'c2' };
  if (!ENDGAME_ABBEYS.includes(rules.endgameAbbeys)) return setupError(`endgameAbbeys must be one of ${ENDGAME_ABBEYS.join(', ')}`);
  if (!WAGON_MOVES.includes(rules.wagonMove)) return setupError(`wagonMove must be one of ${WAGON_MOVES.join(', ')}`);
  const seed = setup.seed ?? '';
  if (typeof seed !== 'string') return setupError('seed must be a string');

  const sorted = EXPANSIONS.filter((e) => expansions.includes(e));
  const available = pileTiles(sorted);
  let pile: TileType[];
  if (setup.tileOrder !== undefined) {
    if (!Array.isArray(setup.tileOrder)) return setupError('tileOrder must be a list of tile ids');
    const left = new Map<TileType, number>();
    for (const t of available) left.set(t, (left.get(t) ?? 0) + 1);
    pile = [];
    for (const id of setup.tileOrder) {
      const t = typeof id === 'string' ? TILE_BY_ID.get(id) : undefined;
      if (!t || !left.has(t)) return setupError(`tile ${String(id)} is not in the chosen sets' pile`);
      const n = left.get(t)!;
      if (n === 0) return setupError(`tileOrder holds more ${id} than the sets have`);
      left.set(t, n - 1);
      pile.push(t);
    }
  } else {
    pile = shuffle(available.slice(), seededRandom(seed));
  }

  const modules = orderedModules(sorted);
  const supply = FIGURE_KINDS.map((k) => (k === 'meeple' ? 7 : 0));
  for (const m of modules) for (const [k, n] of Object.entries(m.supply)) supply[FIGURE_INDEX[k as keyof typeof FIGURE_INDEX]] += n;
  const g = new State({
    names: players.map((p) => p.name),
    expansions: sorted,
    rules,
    seed,
    tb: sorted.includes('traders-builders'),
    am: sorted.includes('abbey-mayor'),
    pile,
    capacity: capacityFor(pile.length),
    modules,
    figureRules: composeFigureRules(modules),
    figureKinds: FIGURE_KINDS.filter((k) => k === 'meeple' || modules.some((m) => m.supply[k] !== undefined)),
    moveHandlers: Object.assign({}, ...modules.map((m) => m.moves ?? {})) as Partial<Record<MoveType, MoveHandler>>,
  }, supply);
  g.putTile(START_TILE, keyOf(0, 0), 0);
  const events: GameEvent[] = [];
  startPart(g, events);
  return { ok: true, value: { game: g, events } };
}

// ---------------------------------------------------------------- public API

export function actorOf(g: Game): number | null {
  if (g.phase === 'finished') return null;
  if (g.phase === 'moveWagon') return g.held[0]!.owner;
  return g.active;
}

export const isFinished = (g: Game): boolean => g.phase === 'finished';
export const versionOf = (g: Game): number => g.version;

export function legalMoves(g: Game): LegalMoves {
  const moves: Move[] = [];
  switch (g.phase) {
    case 'finished':
      break;
    case 'drawOrAbbey':
      moves.push(g.pileLeft() > 0 ? { type: 'draw' } : { type: 'pass' }, ...drawAlternatives(g));
      break;
    case 'placeTile': {
      const rot = g.drawn!.rot;
      const sigs = [rot[0]!.sig, rot[1]!.sig, rot[2]!.sig, rot[3]!.sig];
      // forEach, not for-of: no entry array is allocated per open position.
      g.open.forEach((v, key) => {
        const req = v & 0xff;
        const mask = (v >> 8) & 0xff;
        let x = 0, y = 0, found = false;
        for (let r = 0; r < 4; r++) {
          if ((sigs[r]! & mask) !== req) continue;
          if (!found) { x = xOf(key); y = yOf(key); found = true; }
          moves.push({ type: 'placeTile', x, y, rotation: ROTATION_OF[r]! });
        }
      });
      break;
    }
    case 'placeFigure':
      moves.push(...(g.figureMoves ?? figureMoves(g)), { type: 'pass' });
      break;
    case 'moveWagon':
      moves.push(...decisionMoves(g, g.held[0]!));
      break;
    case 'endgameAbbey':
      moves.push(...drawAlternatives(g));
      if (endgameRound(g)?.passAllowed) moves.push({ type: 'pass' });
      break;
  }
  return { actor: actorOf(g), phase: g.phase, moves };
}

/** Applies one move; the given game is left untouched. */
export function play(game: Game, move: Move): Result<{ game: Game; events: GameEvent[] }> {
  try {
    if (game.phase === 'finished') return { ok: false, error: violation('GAME_FINISHED', 'the game is over') };
    const g = game.clone();
    const events: GameEvent[] = [];
    const v = applyMove(g, move, events);
    if (v) return { ok: false, error: v };
    g.version += 1;
    return { ok: true, value: { game: g, events } };
  } catch {
    // Defensive: a malformed move must never escape as an exception.
    return { ok: false, error: violation('ILLEGAL_MOVE', 'the move could not be read') };
  }
}

/** Rebuilds a game from its setup and move log, with the events of each move. */
export function replay(
  setup: GameSetup, moves: readonly Move[],
): Result<{ game: Game; created: GameEvent[]; events: GameEvent[][] }, RuleViolation & { index: number }> {
  const created = createGame(setup);
  if (!created.ok) return { ok: false, error: { ...created.error, index: -1 } };
  const g = created.value.game;
  const events: GameEvent[][] = [];
  for (let i = 0; i < moves.length; i++) {
    const ev: GameEvent[] = [];
    let v: RuleViolation | null;
    try {
      v = applyMove(g, moves[i]!, ev);
    } catch {
      v = violation('ILLEGAL_MOVE', 'the move could not be read');
    }
    if (v) return { ok: false, error: { ...v, index: i } };
    g.version += 1;
    events.push(ev);
  }
  return { ok: true, value: { game: g, created: created.value.events, events } };
}

/**
 * play() for a caller that owns its game value and shares it with nobody: the move is applied
 * to `game` itself, without a copy. A refused move leaves it unchanged, as with play(). An
 * exception (an engine fault, never a client's) may leave it half-changed: discard it then.
 */
export function playInPlace(game: Game, move: Move): Result<GameEvent[]> {
  const events: GameEvent[] = [];
  const v = applyMove(game, move, events);
  if (v) return { ok: false, error: v };
  game.version += 1;
  return { ok: true, value: events };
}
