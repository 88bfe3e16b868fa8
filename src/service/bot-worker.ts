/**
 * A bot pool worker thread (`bot-pool.ts`): replays a job's log, then lets the bot choose on a
 * `determinize`d copy with the job's own seed, so whatever the bot does it cannot see the
 * hidden pile order. All the search happens here, off the HTTP thread.
 */
import { parentPort } from 'node:worker_threads';
import { chooseMove } from '../bots/index.js';
import { actorOf, determinize, replay } from '../engine/index.js';
import type { BotAnswer, BotJob, WorkerReply } from './bot-job.js';

function answer(job: BotJob): BotAnswer {
  const rebuilt = replay(job.setup, job.moves);
  if (!rebuilt.ok) throw new Error(`the log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  const actor = actorOf(rebuilt.value.game);
  if (actor !== job.seat) throw new Error(`seat ${job.seat} is not the actor (${actor === null ? 'the game is over' : `seat ${actor} is`})`);
  const seen = determinize(rebuilt.value.game, `${job.seed}/pile`);
  const choice = chooseMove(job.spec.bot, seen, job.seat, {
    seed: job.seed,
    timeMs: job.budget.timeMs,
    iterations: job.budget.iterations,
    searchForced: job.searchForced,
  });
  return { move: choice.move, winRate: choice.winRate, iterations: choice.iterations };
}

parentPort!.on('message', (job: BotJob) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, answer: answer(job) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
