/**
 * The mcts bot: UCT over the public game tree, with the hidden pile determinized afresh in
 * every iteration.
 *
 * Design: information-set MCTS where a node is a public history — the moves played since the
 * root *and the tiles they revealed*. An edge is one engine move (a turn has several: tile,
 * figure, held-figure decisions, the abbey's choices); playing it in an iteration's
 * determinization may reveal a tile (the next draw), and the child is looked up by that tile,
 * so a chance event splits the tree where a player's knowledge splits. Why this rather than
 * open-loop nodes keyed by moves alone: in Carcassonne every hidden fact is the pile order,
 * and the tiles it reveals are public at once, so a node's legal moves are the same in every
 * determinization that reaches it — no availability counts, no edge that is illegal in half
 * the samples (a placement is only meaningful for the tile drawn). Deep nodes split by tiles
 * are visited rarely; the search's strength is in the first decisions, which are exact.
 *
 * Each iteration: determinize the root with a seed of its own (the bot never uses the true
 * order, only the counts of tiles left that determinize keeps) cut to `horizon` tiles, walk
 * down by UCT with progressive widening (an edge is considered once the node has enough
 * visits; at the root edges come in the greedy bot's order with its value as a fading prior,
 * elsewhere in a seeded random order), expand one edge, play out with cheap random moves
 * (playInPlace on the private copy) until the cut pile ends the game and the engine's final
 * scoring values what is on the board, and back up each seat's reward: a win 1, a draw ½
 * against the best other seat, blended with a squashed score margin so that bigger wins and
 * smaller losses count too. docs/bots.md has the measurements behind these choices.
 */
import { determinize, legalMoves, play, playInPlace, type Game, type GameEvent, type Move } from '../engine/index.js';
import { greedyOrder } from './greedy.js';
import { choosable, movesFor, revealed } from './moves.js';
import { seeded, type Random } from './rng.js';
import type { Bot, BotChoice, BotOptions } from './types.js';

/** The search's knobs (BotOptions.mcts overrides them; bench:bots exposes them). */
export interface MctsTuning {
  /** UCT exploration constant, for rewards in [0, 1]. */
  explore: number;
  /** Weight of the greedy prior at the root, fading as an edge gathers visits. */
  prior: number;
  /**
   * Tiles left in each determinization: a look-ahead of this many draws whose end the engine
   * scores with its final scoring (incomplete features, farmers, goods). Shorter playouts are
   * cheaper and far less noisy than random play to the real end: with 100 ms per move, 20
   * tiles won 12 of 12 games against greedy where whole-pile playouts won 5½ of 12.
   * Infinity: play out the whole pile.
   */
  horizon: number;
  /** Share of the reward given by the score margin (the rest by win/draw/loss), and its scale. */
  marginWeight: number;
  marginScale: number;
  /** Progressive widening: a node with n visits considers ceil(widenK * (n + 1) ** widenA) edges. */
  widenK: number;
  widenA: number;
  /**
   * 1: the seat's own decisions after the root's move and before a draw get the greedy prior
   * too; 0 (default): a random order. Not better at 250 iterations a move against greedy (29
   * of 35 games, against 142½ of 156 without; docs/bots.md), so off until measured otherwise.
   */
  turnPrior: number;
  /** Playouts: the odds of passing instead of a random move when a pass is legal (random figures waste followers). */
  rolloutPass: number;
}

export const MCTS_DEFAULTS: Readonly<MctsTuning> = {
  explore: 0.5,
  prior: 0.5,
  horizon: 20,
  marginWeight: 0.5,
  marginScale: 15,
  widenK: 2,
  widenA: 0.5,
  turnPrior: 0,
  rolloutPass: 0,
};
export const DEFAULT_ITERATIONS = 1000;

interface Edge {
  readonly move: Move;
  n: number;
  /** The greedy bot's opinion in [0, 1] (root edges; 0 elsewhere). */
  prior: number;
  /** Sum of rewards and of wins (draw ½) for the seat that chose this edge. */
  reward: number;
  wins: number;
  /** Children by the tiles the move revealed ('' for none). */
  children: Map<string, Node> | null;
}

interface Node {
  n: number;
  actor: number;
  /** Edges in the order widening admits them; null until the node is first visited. */
  edges: Edge[] | null;
}

const newNode = (): Node => ({ n: 0, actor: -1, edges: null });

function edgesOf(moves: Move[], random: Random): Edge[] {
  // A seeded shuffle: widening then admits a random subset first.
  for (let i = moves.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moves[i], moves[j]] = [moves[j], moves[i]];
  }
  return moves.map((move) => ({ move, n: 0, prior: 0, reward: 0, wins: 0, children: null }));
}

function select(node: Node, k: MctsTuning): Edge {
  const edges = node.edges!;
  const admitted = Math.min(edges.length, Math.ceil(k.widenK * (node.n + 1) ** k.widenA));
  let best = edges[0];
  let bestScore = -Infinity;
  const logN = Math.log(node.n + 1);
  for (let i = 0; i < admitted; i++) {
    const e = edges[i];
    if (e.n === 0) return e;
    const score = e.reward / e.n + k.explore * Math.sqrt(logN / e.n) + (k.prior * e.prior) / (e.n + 1);
    if (score > bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** Each seat's reward and win (draw ½) from the final scores. */
function outcome(scores: readonly number[], k: MctsTuning): { reward: number[]; win: number[] } {
  const reward: number[] = [],
    win: number[] = [];
  for (let s = 0; s < scores.length; s++) {
    let other = -Infinity;
    for (let o = 0; o < scores.length; o++) if (o !== s) other = Math.max(other, scores[o]);
    const margin = scores[s] - other;
    const w = margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
    win.push(w);
    reward.push((1 - k.marginWeight) * w + k.marginWeight * (0.5 + 0.5 * Math.tanh(margin / k.marginScale)));
  }
  return { reward, win };
}

const finalScores = (events: readonly GameEvent[]): number[] | null => {
  for (const e of events) if (e.type === 'gameEnded') return e.scores;
  return null;
};

/** Random moves to the end of the game (a pass with at least `pass` odds when one is legal); the final scores. */
export function playout(g: Game, random: Random, pass = 0): number[] {
  for (;;) {
    const moves = choosable(legalMoves(g).moves);
    let move = moves[Math.floor(random() * moves.length)];
    if (pass > 0 && move.type !== 'pass' && random() < pass) move = moves.find((m) => m.type === 'pass') ?? move;
    const r = playInPlace(g, move);
    if (!r.ok) throw new Error(`mcts playout: a listed move was refused: ${r.error.reason}`);
    const scores = finalScores(r.value);
    if (scores) return scores;
  }
}

/** The search of one move: the root game (never played on), the seat, its tree. */
interface Search {
  readonly game: Game;
  readonly seat: number;
  readonly root: Node;
  readonly random: Random;
  readonly k: MctsTuning;
}

/**
 * A node reached from the root by the seat's own moves and no draw (the figure after the
 * root's tile, a held figure's decision) is as public as the root: its edges get the greedy
 * order and prior too, valued on the root game, not on an iteration's cut pile. Without it
 * a tile was judged by the average of random figure choices after it.
 */
function sameTurnEdges(search: Search, moves: readonly Move[]): Edge[] {
  let g = search.game;
  for (const m of moves) {
    const r = play(g, m);
    if (!r.ok) throw new Error(`mcts: a listed move was refused: ${r.error.reason}`);
    g = r.value.game;
  }
  return rootEdges(g, search.seat, search.random);
}

/** One iteration from the root; returns nothing, updates the tree. */
function iterate(search: Search, seed: string): void {
  const { root, random, k } = search;
  const g = determinize(search.game, seed, Number.isFinite(k.horizon) ? k.horizon : undefined);
  const path: [Edge, number][] = [];
  let node = root;
  let scores: number[] | null;
  // Still in the seat's own part of the turn: no tile revealed, no other actor since the root.
  let sameTurn = true;
  for (;;) {
    if (node.edges === null) {
      const lm = legalMoves(g);
      node.actor = lm.actor!;
      sameTurn &&= node.actor === search.seat && k.turnPrior > 0;
      node.edges = sameTurn
        ? sameTurnEdges(
            search,
            path.map(([e]) => e.move),
          )
        : edgesOf(lm.moves, random);
    }
    const edge = select(node, k);
    const fresh = edge.n === 0;
    const r = playInPlace(g, edge.move);
    if (!r.ok) throw new Error(`mcts: a listed move was refused: ${r.error.reason}`);
    path.push([edge, node.actor]);
    node.n += 1;
    scores = finalScores(r.value);
    if (scores) break;
    const key = revealed(r.value);
    sameTurn &&= key === '';
    edge.children ??= new Map();
    let child = edge.children.get(key);
    if (!child) edge.children.set(key, (child = newNode()));
    node = child;
    if (fresh) {
      scores = playout(g, random, k.rolloutPass);
      break;
    }
  }
  const { reward, win } = outcome(scores, k);
  for (const [edge, actor] of path) {
    edge.n += 1;
    edge.reward += reward[actor];
    edge.wins += win[actor];
  }
}

/** The root's edges in the greedy bot's order, with its values squashed to [0, 1] as priors. */
function rootEdges(game: Game, seat: number, random: Random): Edge[] {
  const ordered = greedyOrder(game, seat, random);
  const top = ordered[0]?.value ?? 0;
  return ordered.map(({ move, value }) => ({
    move,
    n: 0,
    prior: Math.exp((value - top) / 3),
    reward: 0,
    wins: 0,
    children: null,
  }));
}

export function mctsChoice(game: Game, seat: number, options: BotOptions): BotChoice {
  const moves = movesFor(game, seat);
  if (moves.length === 1 && !options.searchForced) return { move: moves[0], iterations: 0 };
  const now = options.now ?? (() => performance.now());
  // The budget includes the greedy valuation of the root's moves.
  const deadline = options.timeMs === undefined ? Infinity : now() + options.timeMs;
  const limit = options.iterations ?? (options.timeMs === undefined ? DEFAULT_ITERATIONS : Infinity);
  const random = seeded(options.seed);
  const k: MctsTuning = { ...MCTS_DEFAULTS, ...options.mcts };
  const root: Node = { n: 0, actor: seat, edges: rootEdges(game, seat, random) };
  const search: Search = { game, seat, root, random, k };
  let i = 0;
  while (i < limit && (deadline === Infinity || now() < deadline)) {
    iterate(search, `${options.seed}#${i}`);
    i++;
  }
  let best = root.edges![0];
  for (const e of root.edges!) if (e.n > best.n || (e.n === best.n && e.reward > best.reward)) best = e;
  return { move: best.move, winRate: best.n > 0 ? best.wins / best.n : 0.5, iterations: i };
}

export const mctsBot: Bot = { kind: 'mcts', chooseMove: mctsChoice };
