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
 * order, only the counts of tiles left that determinize keeps), walk down by UCT with
 * progressive widening (an edge is considered once the node has enough visits; at the root
 * edges come in the greedy bot's order, elsewhere in a seeded random order), expand one
 * edge, play out to the end with cheap random moves (playInPlace on the private copy), and
 * back up each seat's reward: a win 1, a draw ½ against the best other seat, blended with a
 * squashed score margin so that bigger wins and smaller losses count too.
 */
import { determinize, isFinished, legalMoves, playInPlace, type Game, type GameEvent, type Move } from '../engine/index.js';
import { greedyOrder } from './greedy.js';
import { movesFor, revealed } from './moves.js';
import { seeded, type Random } from './rng.js';
import type { Bot, BotChoice, BotOptions } from './types.js';

/** Exploration constant for rewards in [0, 1]. */
const UCT_C = 0.5;
/** Share of the reward given by the score margin (the rest by win/draw/loss), and its scale. */
const MARGIN_WEIGHT = 0.5;
const MARGIN_SCALE = 15;
/** Progressive widening: a node with n visits considers ceil(WIDEN_K * (n + 1) ** WIDEN_A) edges. */
const WIDEN_K = 2;
const WIDEN_A = 0.5;
export const DEFAULT_ITERATIONS = 1000;

interface Edge {
  readonly move: Move;
  n: number;
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
    [moves[i], moves[j]] = [moves[j]!, moves[i]!];
  }
  return moves.map((move) => ({ move, n: 0, reward: 0, wins: 0, children: null }));
}

function select(node: Node): Edge {
  const edges = node.edges!;
  const admitted = Math.min(edges.length, Math.ceil(WIDEN_K * (node.n + 1) ** WIDEN_A));
  let best = edges[0]!;
  let bestScore = -Infinity;
  const logN = Math.log(node.n + 1);
  for (let i = 0; i < admitted; i++) {
    const e = edges[i]!;
    if (e.n === 0) return e;
    const score = e.reward / e.n + UCT_C * Math.sqrt(logN / e.n);
    if (score > bestScore) { bestScore = score; best = e; }
  }
  return best;
}

/** Each seat's reward and win (draw ½) from the final scores. */
function outcome(scores: readonly number[]): { reward: number[]; win: number[] } {
  const reward: number[] = [], win: number[] = [];
  for (let s = 0; s < scores.length; s++) {
    let other = -Infinity;
    for (let o = 0; o < scores.length; o++) if (o !== s) other = Math.max(other, scores[o]!);
    const margin = scores[s]! - other;
    const w = margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
    win.push(w);
    reward.push((1 - MARGIN_WEIGHT) * w + MARGIN_WEIGHT * (0.5 + 0.5 * Math.tanh(margin / MARGIN_SCALE)));
  }
  return { reward, win };
}

const finalScores = (events: readonly GameEvent[]): number[] | null => {
  for (const e of events) if (e.type === 'gameEnded') return e.scores;
  return null;
};

/** Random moves to the end of the game; the final scores. */
function playout(g: Game, random: Random): number[] {
  for (;;) {
    const moves = legalMoves(g).moves;
    const r = playInPlace(g, moves[Math.floor(random() * moves.length)]!);
    if (!r.ok) throw new Error(`mcts playout: a listed move was refused: ${r.error.reason}`);
    const scores = finalScores(r.value);
    if (scores) return scores;
  }
}

/** One iteration from the root; returns nothing, updates the tree. */
function iterate(root: Node, rootGame: Game, seed: string, random: Random): void {
  const g = determinize(rootGame, seed);
  const path: [Edge, number][] = [];
  let node = root;
  let scores: number[] | null = null;
  for (;;) {
    if (node.edges === null) {
      const lm = legalMoves(g);
      node.actor = lm.actor!;
      node.edges = edgesOf(lm.moves, random);
    }
    const edge = select(node);
    const fresh = edge.n === 0;
    const r = playInPlace(g, edge.move);
    if (!r.ok) throw new Error(`mcts: a listed move was refused: ${r.error.reason}`);
    path.push([edge, node.actor]);
    node.n += 1;
    scores = finalScores(r.value);
    if (scores) break;
    const key = revealed(r.value);
    edge.children ??= new Map();
    let child = edge.children.get(key);
    if (!child) edge.children.set(key, (child = newNode()));
    node = child;
    if (fresh) { scores = playout(g, random); break; }
  }
  const { reward, win } = outcome(scores);
  for (const [edge, actor] of path) {
    edge.n += 1;
    edge.reward += reward[actor]!;
    edge.wins += win[actor]!;
  }
}

export function mctsChoice(game: Game, seat: number, options: BotOptions): BotChoice {
  const moves = movesFor(game, seat);
  if (isFinished(game)) throw new Error('mcts: the game is over');
  if (moves.length === 1 && !options.searchForced) return { move: moves[0]!, iterations: 0 };
  const random = seeded(options.seed);
  // The root's edges in the greedy bot's order, so widening tries the promising moves first.
  const root: Node = { n: 0, actor: seat, edges: greedyOrder(game, seat, random).map((move) => ({ move, n: 0, reward: 0, wins: 0, children: null })) };
  const limit = options.iterations ?? (options.timeMs === undefined ? DEFAULT_ITERATIONS : Infinity);
  const now = options.now ?? (() => performance.now());
  const deadline = options.timeMs === undefined ? Infinity : now() + options.timeMs;
  let i = 0;
  while (i < limit && (deadline === Infinity || now() < deadline)) {
    iterate(root, game, `${options.seed}#${i}`, random);
    i++;
  }
  let best = root.edges![0]!;
  for (const e of root.edges!) if (e.n > best.n || (e.n === best.n && e.reward > best.reward)) best = e;
  return { move: best.move, winRate: best.n > 0 ? best.wins / best.n : 0.5, iterations: i };
}

export const mctsBot: Bot = { kind: 'mcts', chooseMove: mctsChoice };
