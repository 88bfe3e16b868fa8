/**
 * The greedy bot: the move whose turn brings the most, looking only at the seat's own
 * decisions of this part of the turn (place the tile, then the figure, then held-figure
 * decisions) and never past a draw. A sequence is worth the points it scores for the seat
 * minus the most any other seat scores, plus the potential of the figures it places minus
 * the followers it takes from supply (heuristics.ts); ties are broken by the seeded RNG.
 */
import { actorOf, play, type Game, type GameEvent, type Move } from '../engine/index.js';
import { abbeyTile, followerCost, isFollower, positionOf, potential, type Position } from './heuristics.js';
import { addPoints, botMoves, movesFor, revealed } from './moves.js';
import { pick, seeded, type Random } from './rng.js';
import type { Bot } from './types.js';

/** A part has at most a tile, a figure and a held-figure decision or two. */
const MAX_DEPTH = 4;

interface Walk {
  /** Tile id per "x,y" of the tile this sequence placed. */
  newTile: Map<string, string>;
  /** Figures this sequence placed ("x,y,feature"), with their potential. */
  placed: Map<string, number>;
  meeples: number;
}

function eventsValue(events: readonly GameEvent[], pos: Position, walk: Walk): number {
  const points = new Array<number>(pos.players).fill(0);
  addPoints(events, points);
  let best = 0;
  for (let s = 0; s < pos.players; s++) if (s !== pos.seat) best = Math.max(best, points[s]);
  let v = points[pos.seat] - best;
  for (const e of events) {
    if (e.type === 'tilePlaced') walk.newTile.set(`${e.x},${e.y}`, e.tile);
    else if (e.type === 'abbeyPlaced') walk.newTile.set(`${e.x},${e.y}`, abbeyTile());
    else if (e.type === 'figurePlaced' && e.figure.owner === pos.seat) {
      const f = e.figure;
      const at = `${f.x},${f.y}`;
      const p = potential(f, walk.newTile.get(at) ?? pos.tiles.get(at), pos);
      walk.placed.set(`${at},${f.feature ?? f.corner}`, p);
      v += p;
      if (isFollower(f.kind, pos)) v -= followerCost(f.kind, walk.meeples, pos);
      if (f.kind === 'meeple') walk.meeples -= 1;
    } else if (e.type === 'featureScored') {
      for (const f of e.returned) {
        if (f.owner !== pos.seat) continue;
        // Scored at once: its points are counted, its potential is spent, the follower is back.
        const key = `${f.x},${f.y},${f.feature ?? f.corner}`;
        v -= walk.placed.get(key) ?? 0;
        walk.placed.delete(key);
        if (isFollower(f.kind, pos)) {
          if (f.kind === 'meeple') walk.meeples += 1;
          v += followerCost(f.kind, walk.meeples, pos);
        }
      }
    }
  }
  return v;
}

/** The value of `move` followed by the seat's best continuation within the part. */
function valueOf(game: Game, move: Move, pos: Position, walk: Walk, depth: number): number {
  // A draw reveals a tile: the bot does not look past it (holding the abbey is worth a little).
  if (move.type === 'draw') return 1 + pos.rest;
  const r = play(game, move);
  if (!r.ok) throw new Error(`greedy: a listed move was refused: ${r.error.reason}`);
  const here: Walk = { newTile: new Map(walk.newTile), placed: new Map(walk.placed), meeples: walk.meeples };
  const v = eventsValue(r.value.events, pos, here);
  const next = r.value.game;
  if (depth >= MAX_DEPTH || revealed(r.value.events) !== '' || actorOf(next) !== pos.seat) return v;
  let best = -Infinity;
  for (const m of botMoves(next)) best = Math.max(best, valueOf(next, m, pos, here, depth + 1));
  return v + (best === -Infinity ? 0 : best);
}

/** Every legal move with its value (valueOf), in legal-move order. */
function valued(game: Game, seat: number): { move: Move; value: number }[] {
  const moves = movesFor(game, seat);
  if (moves.length === 1) return [{ move: moves[0], value: 0 }];
  const pos = positionOf(game, seat);
  return moves.map((move) => ({
    move,
    value: valueOf(game, move, pos, { newTile: new Map(), placed: new Map(), meeples: pos.meeples }, 1),
  }));
}

/** The best move by valueOf, ties broken by `random`. */
export function greedyChoice(game: Game, seat: number, random: Random): { move: Move; value: number } {
  let best = -Infinity;
  let top: Move[] = [];
  for (const { move, value } of valued(game, seat)) {
    if (value > best + 1e-9) {
      best = value;
      top = [move];
    } else if (value > best - 1e-9) top.push(move);
  }
  return { move: pick(top, random), value: best };
}

/** The legal moves best first (ties in a seeded random order): the mcts bot's prior. */
export function greedyOrder(game: Game, seat: number, random: Random): { move: Move; value: number }[] {
  return valued(game, seat)
    .map((v) => ({ ...v, tie: random() }))
    .sort((a, b) => b.value - a.value || a.tie - b.tie)
    .map(({ move, value }) => ({ move, value }));
}

export const greedyBot: Bot = {
  kind: 'greedy',
  chooseMove: (game, seat, options) => greedyChoice(game, seat, seeded(options.seed)),
};
