/**
 * The turn: draw (or abbey), place, figure, score, next seat; and the engine's pure API.
 * Internal steps mutate a State; createGame/play/replay hand out fresh states only.
 */
import { ABBEY_TILE, CITY, ROAD, START_TILE, TILE_BY_ID, pileTiles, type TileType } from './catalog.js';
import {
  abbeyChoicePossible, abbeyMoves, abbeyViolation, barnFigure, wagonTargets,
} from './expansions/abbey-mayor/index.js';
import { orderedModules } from './expansions/index.js';
import { composeFigureRules, figureMoves, figureViolation } from './figures.js';
import { AROUND, DIR_STEP, ROTATION_OF, inRange, keyOf, xOf, yOf } from './geometry.js';
import { Occupancy } from './occupancy.js';
import { seededRandom, shuffle } from './rng.js';
import { figureView, finalScoring, scoreFeature } from './scoring.js';
import { FIGURE_INDEX, State, capacityFor, type Figure } from './state.js';
import {
  CORNERS, ENDGAME_ABBEYS, EXPANSIONS, PLACEABLE_FIGURES, ROTATIONS, WAGON_MOVES,
  type ExpansionId, type GameEvent, type GameSetup, type LegalMoves, type Move, type Result,
  type Rules, type RuleViolation, FIGURE_KINDS,
} from './types.js';
import { violation } from './violation.js';

/** An opaque game value. Never mutate it; play() returns a new one. */
export type Game = State;

const MAX_NAME = 64;

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
    if (typeof p?.name !== 'string' || p.name.length === 0 || p.name.length > MAX_NAME) {
      return setupError(`each player needs a name of 1 to ${MAX_NAME} characters`);
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
  }, supply);
  g.putTile(START_TILE, keyOf(0, 0), 0);
  const events: GameEvent[] = [];
  startPart(g, events);
  return { ok: true, value: { game: g, events } };
}

// ---------------------------------------------------------------- flow

function startPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  if (g.bonus) events.push({ type: 'bonusPartStarted', seat: g.active });
  else events.push({ type: 'turnStarted', seat: g.active, bonus: false });
  if (g.cfg.am && abbeyChoicePossible(g)) {
    g.phase = 'drawOrAbbey';
    return;
  }
  if (g.pileLeft() > 0) drawTile(g, events);
  else endPart(g, events);
}

function drawTile(g: State, events: GameEvent[]): void {
  const seat = g.active;
  while (g.pileLeft() > 0) {
    const t = g.cfg.pile[g.pileIndex++]!;
    events.push({ type: 'tileDrawn', seat, tile: t.id });
    if (g.canPlace(t)) {
      g.drawn = t;
      g.phase = 'placeTile';
      return;
    }
    events.push({ type: 'tileDiscarded', seat, tile: t.id, reason: 'unplaceable' });
  }
  // The pile ran out on discards: a bonus part may still use the abbey.
  if (g.bonus && g.cfg.am && abbeyChoicePossible(g)) {
    g.phase = 'drawOrAbbey';
    return;
  }
  endPart(g, events);
}

/** After a tile or abbey is placed: the figure step, unless no figure can go anywhere. */
function figureStep(g: State, events: GameEvent[]): void {
  const moves = figureMoves(g);
  if (moves.length > 0) {
    g.figureMoves = moves;
    g.phase = 'placeFigure';
    return;
  }
  events.push({ type: 'figureSkipped', seat: g.active, reason: 'no-legal-placement' });
  scoringStep(g, events);
}

/** RULES 2.4: (a) completed features, (b) field scorings, (c) figures home, (d) goods, (e) wagons. */
function scoringStep(g: State, events: GameEvent[]): void {
  const t = g.lastTile!;
  g.figureMoves = null;
  const completed: number[] = [];
  const add = (root: number) => {
    if (!completed.includes(root) && g.isComplete(root)) completed.push(root);
  };
  if (t.type.abbey) {
    for (let d = 0; d < 4; d++) {
      const nb = g.board.get(t.key + DIR_STEP[d]!)!;
      const f = nb.type.rot[nb.r]!.edgeFeature[(d + 2) & 3]!;
      if (f >= 0) add(g.find(nb.base + f));
    }
  } else {
    for (let i = 0; i < t.type.kinds.length; i++) {
      const k = t.type.kinds[i];
      if (k === ROAD || k === CITY) add(g.find(t.base + i));
    }
  }
  for (let i = -1; i < AROUND.length; i++) {
    const c = g.board.get(i < 0 ? t.key : t.key + AROUND[i]!);
    if (c && c.type.cloister >= 0) add(c.base + c.type.cloister);
  }

  const returning: Figure[] = [];
  for (const root of completed) returning.push(...scoreFeature(g, root, false, events));
  for (const m of g.cfg.modules) m.scoreFields?.(g, events, returning);

  const wagons: Figure[] = [];
  for (const f of new Set(returning)) {
    if (!g.figures.includes(f)) continue;
    g.removeFigure(f);
    if (f.kind === 'wagon') wagons.push(f);
    else g.supply[f.owner]![FIGURE_INDEX[f.kind]] += 1;
  }
  for (const m of g.cfg.modules) m.onCompleted?.(g, completed, events);

  // Wagons decide one after another in seat order from the active player.
  const n = g.players;
  wagons.sort((a, b) => ((a.owner - g.active + n) % n) - ((b.owner - g.active + n) % n));
  g.wagons = wagons.map((w) => ({ owner: w.owner, key: w.key, seg: w.seg }));
  nextWagon(g, events);
}

function nextWagon(g: State, events: GameEvent[]): void {
  while (g.wagons.length > 0) {
    const w = g.wagons[0]!;
    if (wagonTargets(g, w).length > 0) {
      g.phase = 'moveWagon';
      return;
    }
    g.wagons = g.wagons.slice(1);
    g.supply[w.owner]![FIGURE_INDEX.wagon] += 1;
    const t = g.board.get(w.key)!;
    events.push({ type: 'wagonReturned', seat: w.owner, from: { x: t.x, y: t.y }, reason: 'no-target' });
  }
  endPart(g, events);
}

function endPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  if (g.endgame) {
    nextEndgameSeat(g, events);
    return;
  }
  // The builder's second part; with the pile empty only the abbey can still be played in it.
  if (g.bonusDue && !g.bonus && (g.pileLeft() > 0 || (g.cfg.am && abbeyChoicePossible(g)))) {
    g.bonusDue = false;
    g.bonus = true;
    startPart(g, events);
    return;
  }
  g.bonus = false;
  g.bonusDue = false;
  if (g.pileLeft() === 0) {
    beginEnd(g, events);
    return;
  }
  g.active = (g.active + 1) % g.players;
  startPart(g, events);
}

/** The pile is empty after a turn: the end-game abbey round (RULES 7), then final scoring. */
function beginEnd(g: State, events: GameEvent[]): void {
  if (g.cfg.am && g.cfg.rules.endgameAbbeys !== 'none') {
    const n = g.players;
    const last = g.active;
    g.endgame = Array.from({ length: n }, (_, i) => (last + 1 + i) % n);
    nextEndgameSeat(g, events);
    return;
  }
  finish(g, events);
}

function nextEndgameSeat(g: State, events: GameEvent[]): void {
  while (g.endgame!.length > 0) {
    const seat = g.endgame![0]!;
    g.endgame = g.endgame!.slice(1);
    if (!g.abbeys[seat]) continue;
    if (g.hasHole()) {
      g.active = seat;
      g.phase = 'endgameAbbey';
      events.push({ type: 'turnStarted', seat, bonus: false });
      return;
    }
    events.push({ type: 'abbeySkipped', seat, reason: 'cannot-place' });
  }
  finish(g, events);
}

function finish(g: State, events: GameEvent[]): void {
  g.endgame = null;
  g.phase = 'finished';
  finalScoring(g, events);
}

// ---------------------------------------------------------------- moves

function placeTile(g: State, move: Extract<Move, { type: 'placeTile' }>, events: GameEvent[]): RuleViolation | null {
  const type = g.drawn!;
  if (!inRange(move.x, move.y)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
  const r = ROTATIONS.indexOf(move.rotation);
  if (r < 0) return violation('ILLEGAL_MOVE', 'rotation must be 0, 90, 180 or 270');
  const key = keyOf(move.x, move.y);
  if (g.board.has(key)) return violation('POSITION_OCCUPIED', `(${move.x},${move.y}) already holds a tile`);
  if (!g.open.has(key)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
  if (!g.fits(type, key, r)) return violation('EDGES_DO_NOT_MATCH', `${type.id} at rotation ${move.rotation} does not match its neighbours`);
  g.drawn = null;
  g.lastTile = g.putTile(type, key, r);
  events.push({ type: 'tilePlaced', seat: g.active, tile: type.id, x: move.x, y: move.y, rotation: move.rotation });
  for (const m of g.cfg.modules) m.onTilePlaced?.(g);
  figureStep(g, events);
  return null;
}

function placeAbbey(g: State, move: Extract<Move, { type: 'placeAbbey' }>, events: GameEvent[]): RuleViolation | null {
  const v = abbeyViolation(g, move.x, move.y);
  if (v) return v;
  g.abbeys[g.active] = false;
  g.drawn = null;
  g.lastTile = g.putTile(ABBEY_TILE, keyOf(move.x, move.y), 0);
  events.push({ type: 'abbeyPlaced', seat: g.active, x: move.x, y: move.y });
  figureStep(g, events);
  return null;
}

function placeFigure(g: State, move: Extract<Move, { type: 'placeFigure' }>, events: GameEvent[]): RuleViolation | null {
  if (!PLACEABLE_FIGURES.includes(move.figure)) return violation('ILLEGAL_MOVE', `unknown figure ${String(move.figure)}`);
  // The step's move list is the rule; the predicate runs again only to explain a refusal.
  if (!listed(g, move)) {
    return figureViolation(g, move.figure, move.x, move.y, move.feature, new Occupancy(g))
      ?? violation('ILLEGAL_MOVE', 'that figure placement is not allowed');
  }
  const t = g.lastTile!;
  const f: Figure = { owner: g.active, kind: move.figure, seg: t.base + move.feature, key: t.key, feature: move.feature, corner: -1 };
  addFigure(g, f, events);
  return null;
}

function placeBarn(g: State, move: Extract<Move, { type: 'placeBarn' }>, events: GameEvent[]): RuleViolation | null {
  if (!g.cfg.am) return violation('EXPANSION_NOT_ENABLED', 'the barn is not part of this game');
  const f = barnFigure(g, move.x, move.y, move.corner, new Occupancy(g));
  if ('code' in f) return f;
  if (!listed(g, move)) return violation('ILLEGAL_MOVE', 'that barn placement is not allowed');
  addFigure(g, f, events);
  return null;
}

function listed(g: State, move: Extract<Move, { type: 'placeFigure' | 'placeBarn' }>): boolean {
  for (const m of g.figureMoves ?? figureMoves(g)) {
    if (m.type !== move.type || m.x !== move.x || m.y !== move.y) continue;
    if (m.type === 'placeFigure' && move.type === 'placeFigure' && m.figure === move.figure && m.feature === move.feature) return true;
    if (m.type === 'placeBarn' && move.type === 'placeBarn' && m.corner === move.corner) return true;
  }
  return false;
}

/** Puts a figure from the active player's supply on the new tile and scores. */
export function addFigure(g: State, f: Figure, events: GameEvent[]): void {
  g.supply[f.owner]![FIGURE_INDEX[f.kind]] -= 1;
  g.figures.push(f);
  g.newFigure = f;
  events.push({ type: 'figurePlaced', seat: f.owner, figure: figureView(g, f) });
  scoringStep(g, events);
}

function moveWagon(g: State, move: Extract<Move, { type: 'moveWagon' }>, events: GameEvent[]): RuleViolation | null {
  const w = g.wagons[0]!;
  const ok = wagonTargets(g, w).some((m) => m.type === 'moveWagon' && m.x === move.x && m.y === move.y && m.feature === move.feature);
  if (!ok) return violation('WAGON_TARGET_INVALID', 'the wagon cannot move there');
  const t = g.board.get(keyOf(move.x, move.y))!;
  const from = g.board.get(w.key)!;
  const f: Figure = { owner: w.owner, kind: 'wagon', seg: t.base + move.feature, key: t.key, feature: move.feature, corner: -1 };
  g.figures.push(f);
  g.wagons = g.wagons.slice(1);
  events.push({ type: 'wagonMoved', seat: w.owner, from: { x: from.x, y: from.y }, to: figureView(g, f) });
  nextWagon(g, events);
  return null;
}

function returnWagon(g: State, events: GameEvent[]): void {
  const w = g.wagons[0]!;
  g.wagons = g.wagons.slice(1);
  g.supply[w.owner]![FIGURE_INDEX.wagon] += 1;
  const t = g.board.get(w.key)!;
  events.push({ type: 'wagonReturned', seat: w.owner, from: { x: t.x, y: t.y }, reason: 'chosen' });
  nextWagon(g, events);
}

function pass(g: State, events: GameEvent[]): RuleViolation | null {
  switch (g.phase) {
    case 'placeFigure':
      events.push({ type: 'figureSkipped', seat: g.active, reason: 'passed' });
      scoringStep(g, events);
      return null;
    case 'drawOrAbbey':
      if (g.pileLeft() > 0) return violation('CANNOT_PASS', 'draw a tile or place your abbey');
      events.push({ type: 'abbeySkipped', seat: g.active, reason: 'passed' });
      endPart(g, events);
      return null;
    case 'endgameAbbey':
      if (g.cfg.rules.endgameAbbeys !== 'final-round') {
        return violation('CANNOT_PASS', 'the abbey must be placed (endgameAbbeys: continue)');
      }
      events.push({ type: 'abbeySkipped', seat: g.active, reason: 'passed' });
      endPart(g, events);
      return null;
    default:
      return violation('CANNOT_PASS', `nothing to pass in phase ${g.phase}`);
  }
}

const ALLOWED: Record<Move['type'], readonly string[]> = {
  draw: ['drawOrAbbey'],
  placeTile: ['placeTile'],
  placeAbbey: ['drawOrAbbey', 'endgameAbbey'],
  placeFigure: ['placeFigure'],
  placeBarn: ['placeFigure'],
  pass: ['placeFigure', 'drawOrAbbey', 'endgameAbbey'],
  moveWagon: ['moveWagon'],
  returnWagon: ['moveWagon'],
};

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function shapeViolation(move: Move): RuleViolation | null {
  if (typeof move !== 'object' || move === null || typeof move.type !== 'string' || !(move.type in ALLOWED)) {
    return violation('ILLEGAL_MOVE', 'unknown move type');
  }
  const m = move as unknown as Record<string, unknown>;
  switch (move.type) {
    case 'placeTile':
      return isInt(m.x) && isInt(m.y) && ROTATIONS.includes(m.rotation as 0) ? null : violation('ILLEGAL_MOVE', 'placeTile needs integer x, y and a rotation of 0, 90, 180 or 270');
    case 'placeAbbey':
      return isInt(m.x) && isInt(m.y) ? null : violation('ILLEGAL_MOVE', 'placeAbbey needs integer x and y');
    case 'placeFigure':
    case 'moveWagon':
      return isInt(m.x) && isInt(m.y) && isInt(m.feature) ? null : violation('ILLEGAL_MOVE', `${move.type} needs integer x, y and feature`);
    case 'placeBarn':
      return isInt(m.x) && isInt(m.y) && CORNERS.includes(m.corner as 'NE') ? null : violation('ILLEGAL_MOVE', 'placeBarn needs integer x, y and a corner NE, SE, SW or NW');
    default:
      return null;
  }
}

/** Applies a move to a state in place. On a violation nothing has been changed. */
function apply(g: State, move: Move, events: GameEvent[]): RuleViolation | null {
  if (g.phase === 'finished') return violation('GAME_FINISHED', 'the game is over');
  const shape = shapeViolation(move);
  if (shape) return shape;
  if (!ALLOWED[move.type].includes(g.phase)) {
    return violation('MOVE_NOT_ALLOWED_NOW', `${move.type} is not allowed in phase ${g.phase}`);
  }
  switch (move.type) {
    case 'draw':
      if (g.pileLeft() === 0) return violation('MOVE_NOT_ALLOWED_NOW', 'the pile is empty');
      drawTile(g, events);
      return null;
    case 'placeTile': return placeTile(g, move, events);
    case 'placeAbbey': return placeAbbey(g, move, events);
    case 'placeFigure': return placeFigure(g, move, events);
    case 'placeBarn':
      return placeBarn(g, move, events);
    case 'pass': return pass(g, events);
    case 'moveWagon': return moveWagon(g, move, events);
    case 'returnWagon': returnWagon(g, events); return null;
  }
}

// ---------------------------------------------------------------- public API

export function actorOf(g: Game): number | null {
  if (g.phase === 'finished') return null;
  if (g.phase === 'moveWagon') return g.wagons[0]!.owner;
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
      moves.push(g.pileLeft() > 0 ? { type: 'draw' } : { type: 'pass' });
      abbeyMoves(g, moves);
      break;
    case 'placeTile': {
      const type = g.drawn!;
      for (const [key, v] of g.open) {
        const req = v & 0xff;
        const mask = (v >> 8) & 0xff;
        for (let r = 0; r < 4; r++) {
          if ((type.rot[r]!.sig & mask) === req) {
            moves.push({ type: 'placeTile', x: xOf(key), y: yOf(key), rotation: ROTATION_OF[r]! });
          }
        }
      }
      break;
    }
    case 'placeFigure':
      moves.push(...(g.figureMoves ?? figureMoves(g)), { type: 'pass' });
      break;
    case 'moveWagon':
      moves.push(...wagonTargets(g, g.wagons[0]!), { type: 'returnWagon' });
      break;
    case 'endgameAbbey':
      abbeyMoves(g, moves);
      if (g.cfg.rules.endgameAbbeys === 'final-round') moves.push({ type: 'pass' });
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
    const v = apply(g, move, events);
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
      v = apply(g, moves[i]!, ev);
    } catch {
      v = violation('ILLEGAL_MOVE', 'the move could not be read');
    }
    if (v) return { ok: false, error: { ...v, index: i } };
    g.version += 1;
    events.push(ev);
  }
  return { ok: true, value: { game: g, created: created.value.events, events } };
}

/** Applies a move in place (for benchmarks and soaks that own their state). */
export function applyInPlace(g: Game, move: Move, events: GameEvent[] = []): RuleViolation | null {
  const v = apply(g, move, events);
  if (!v) g.version += 1;
  return v;
}
