/**
 * A bot pool worker thread (`bot-pool.ts`): replays a job's log, then lets the bot choose on a
 * `determinize`d copy with the job's own seed, so whatever the bot does it cannot see the
 * hidden pile order. All the search happens here, off the HTTP thread.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { chooseMove } from '../../bots/index.js';
import { actorOf, determinize, replay } from '../../engine/index.js';
import { searchTime, type BotAnswer, type BotJob, type WorkerReply } from './bot-job.js';
import { analysePositions } from '../../bots/analysis.js';
import type { AnalysisAnswer, AnalysisJob } from '../analysis/analysis-job.js';

// A search takes only what the HTTP thread leaves of a core: on Linux the nice value belongs to
// the thread (setpriority on the caller), so this lowers this worker alone and `/health` and
// the moves keep their latency while every worker thinks (docs/bots.md). Elsewhere it would
// lower the whole server, so it is left as it is.
if (process.platform === 'linux') setPriority(19);

/** A step of a post-game analysis (`analysis-job.ts`): the bot sees only determinizations (`bots/analysis.ts`). */
function analyse(job: AnalysisJob): AnalysisAnswer {
  const started = performance.now();
  const positions = analysePositions(job.setup, job.moves, job.from, job.to, job.estimate, job.budgetMs, job.stepMs);
  return { kind: 'positions', positions, ms: performance.now() - started };
}

function answer(job: BotJob): BotAnswer {
  const rebuilt = replay(job.setup, job.moves);
  if (!rebuilt.ok) throw new Error(`the log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  const actor = actorOf(rebuilt.value.game);
  if (actor !== job.seat)
    throw new Error(`seat ${job.seat} is not the actor (${actor === null ? 'the game is over' : `seat ${actor} is`})`);
  const seen = determinize(rebuilt.value.game, `${job.seed}/pile`);
  const choice = chooseMove(job.spec.bot, seen, job.seat, {
    seed: job.seed,
    timeMs: searchTime(job.budget, job.deadline, Date.now()),
    iterations: job.budget.iterations,
    searchForced: job.searchForced,
  });
  return { move: choice.move, winRate: choice.winRate, iterations: choice.iterations };
}

parentPort!.on('message', (job: BotJob | AnalysisJob) => {
  let reply: WorkerReply | { ok: true; answer: AnalysisAnswer };
  try {
    reply = 'kind' in job ? { ok: true, answer: analyse(job) } : { ok: true, answer: answer(job) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
