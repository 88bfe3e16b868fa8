/**
 * Post-game analyses (`docs/analysis.md`): computed once per finished game, in the background,
 * in the bot pool's workers at a lower priority than bot turns and hints (the pool's
 * `analysis` lane, on one account, `ANALYSIS_OWNER`, so analyses hold at most a creator's share
 * of the workers), in steps of a few positions and at most `stepMs` (so a bot turn waits at most
 * that long behind one); stored with the game. At most `concurrency` games are analysed at once
 * in a process. The look-ahead counts decide each position's work, so a game's precision does
 * not depend on the server's load; `budgetMs` of worker time per game is only a safety net
 * beyond which its positions left get the minimum look-aheads. A decision taken back (an undo
 * and its placement) is not analysed (`bots/analysis.ts`). A node claims a
 * game's analysis in the store before computing it, so nodes do not compute one twice; a claim
 * older than `STALE_CLAIM_MS` is taken to be a dead node's and taken over. Streams wait for a
 * game's analysis to be stored (`whenStored`): woken at once by this process's own (the move
 * notifier) and by another node's on PostgreSQL (its save is announced like a commit); another
 * process on the same SQLite file cannot announce it, so a wait also looks every second, asking
 * the store only when its change stamp says another writer committed.
 */
import type { Move } from '../../engine/index.js';
import type { AnalysisStatus, GameStore, MoveRecord } from '../../storage/game-store.js';
import type { AnalysisAnswer, AnalysisJob } from './analysis-job.js';
import { ESTIMATE_DEFAULTS, type EstimateOptions } from '../../bots/estimate.js';
import { decisionIndices, type AnalysedPosition } from '../../bots/analysis.js';
import { readGame } from '../../bots/turning-points.js';
import { current, type Analysis, type LegacyAnalysis } from './stored-analysis.js';

export type { Analysis };
import type { BotPool } from '../bots/bot-pool.js';
import { isAct } from '../lifecycle/lifecycle.js';
import type { MoveNotifier } from '../moves/move-notifier.js';
import { ServiceError } from '../service-error.js';

export interface AnalysisOptions extends EstimateOptions {
  /**
   * Worker time for one game's chances at most, in ms (`ANALYSIS_BUDGET_MS`): a safety net, far
   * above what a game takes (about 5 s of an idle core with both expansions, docs/analysis.md),
   * so that only a server loaded beyond reason cuts look-aheads short.
   */
  budgetMs: number;
  /** Games analysed at once in this process (`ANALYSIS_CONCURRENCY`); more wait their turn. */
  concurrency: number;
  /** Analyses waiting for their turn at most, all clients together; beyond, a new one is refused (503). */
  queueLimit: number;
  /**
   * Analyses one client may have waiting; beyond, its new one is refused (429). Without it one
   * address could fill the whole queue, and every other client would meet the 503 of a full one.
   */
  perClient: number;
  /** Positions per worker step at most, and the time after which a step stops (after one position at least). */
  stepPositions: number;
  stepMs: number;
  /** Turning points (mistakes) named at most. */
  turningPoints: number;
}

export const DEFAULT_ANALYSIS: AnalysisOptions = {
  budgetMs: 300_000,
  concurrency: 1,
  queueLimit: 64,
  perClient: 8,
  ...ESTIMATE_DEFAULTS,
  stepPositions: 8,
  stepMs: 250,
  turningPoints: 5,
};
const STALE_CLAIM_MS = 10 * 60_000;
/** How often a wait for a stored analysis looks at the store's change stamp (for writers that cannot wake it). */
const LOOK_EVERY_MS = 1000;
/** The pool account every analysis step is billed to: together they hold at most `BOT_WORKERS_PER_CREATOR` workers. */
export const ANALYSIS_OWNER = 'analysis';

export type AnalysisView =
  { status: 'ready'; analysis: Analysis } | { status: 'running'; progress: { done: number; total: number } };

export class Analyses {
  private readonly progress = new Map<string, { done: number; total: number }>();
  /** Games waiting, per client that asked first; the clients take turns (a Map keeps their order). */
  private readonly waiting = new Map<string, string[]>();
  private waitingCount = 0;
  private active = 0;
  private closed = false;
  constructor(
    private readonly store: GameStore,
    private readonly pool: () => BotPool,
    private readonly options: AnalysisOptions,
    private readonly now: () => Date,
    private readonly onError: (error: unknown, gameId: string) => void,
    /** Told of each analysis this process stored, to wake the waits on its game (`whenStored`). */
    private readonly notifier: MoveNotifier,
  ) {}

  /**
   * Resolves when game `id`'s analysis is stored (`stored`), or known neither stored nor being
   * computed (`none`: none will come unless it is asked for); or, while it is being computed
   * (`claimed`), after `ms`, when `signal` aborts, or when `onIdle` (called after every `idleMs`
   * of waiting: a stream's keep-alive) answers false.
   */
  async whenStored(
    id: string,
    signal: AbortSignal,
    { ms, idleMs, onIdle }: { ms: number; idleMs: number; onIdle: () => boolean },
  ): Promise<AnalysisStatus> {
    const deadline = Date.now() + ms;
    let idleAt = Date.now() + idleMs;
    let stamp: number | undefined;
    let look = true;
    for (;;) {
      const now = Date.now();
      const step = Math.max(0, Math.min(deadline, idleAt, now + LOOK_EVERY_MS) - now);
      // Listen before looking: a save here during the look (which does not move the store's
      // change stamp: it is this process's own commit) still wakes the wait.
      const turn = this.notifier.waiter(id, step, signal);
      try {
        if (look) {
          stamp = this.store.changeStamp(id);
          const status = await this.store.analysisStatus(id, this.staleBefore(this.now()));
          if (status !== 'claimed') return status;
        }
        if (Date.now() >= deadline || signal.aborted) return 'claimed';
        if (Date.now() >= idleAt) {
          if (!onIdle()) return 'claimed';
          idleAt = Date.now() + idleMs;
        }
        // Woken (a save here, or one a node announced), or another writer committed: look again.
        look = (await turn.woken) || this.store.changeStamp(id) !== stamp;
      } finally {
        turn.stop();
      }
      if (signal.aborted) return 'claimed';
    }
  }

  private staleBefore(now: Date): string {
    return new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  }

  /**
   * The stored analysis, or the progress of the one being computed (started by this call if
   * none is, queued for `client`: the clients with analyses waiting take turns, one game each).
   */
  async get(id: string, client = ''): Promise<AnalysisView> {
    const game = await this.store.findGame(id);
    if (!game) throw new ServiceError('GAME_NOT_FOUND', `no game ${id}`);
    if (game.status !== 'finished') throw new ServiceError('GAME_NOT_FINISHED', 'only a finished game is analysed');
    const stored = (await this.store.findAnalysis(id)) as Analysis | LegacyAnalysis | null;
    if (stored) return { status: 'ready', analysis: current(stored) };
    const known = this.progress.get(id);
    if (known) return { status: 'running', progress: { ...known } };
    if ((this.waiting.get(client)?.length ?? 0) >= this.options.perClient) {
      throw new ServiceError(
        'RATE_LIMITED',
        `${this.options.perClient} analyses asked from this address are waiting: retry when one is done`,
        { retryAfter: 30 },
      );
    }
    if (this.waitingCount >= this.options.queueLimit) {
      throw new ServiceError('BOTS_UNAVAILABLE', `${this.options.queueLimit} analyses are waiting: retry later`, {
        retryAfter: 30,
      });
    }
    const now = this.now();
    if (await this.store.claimAnalysis(id, now.toISOString(), this.staleBefore(now))) {
      const progress = { done: 0, total: 0 };
      this.progress.set(id, progress);
      // Counted now rather than when a worker takes the job, so the first answer says how many.
      // The claim is taken either way: a failed count leaves 0, and the job reads the log again
      // (reporting its own failure), rather than the game waiting out a claim no job holds.
      progress.total = await this.decisions(id).then(
        (log) => decisionIndices(log.map((r) => r.move as Move)).length + 1,
        () => 0,
      );
      const mine = this.waiting.get(client);
      if (mine) mine.push(id);
      else this.waiting.set(client, [id]);
      this.waitingCount++;
      this.next();
    }
    // Claimed here now, or by another node earlier: its progress is that node's to know.
    return { status: 'running', progress: { ...(this.progress.get(id) ?? { done: 0, total: 0 }) } };
  }

  /** Whether finished game `id` is still stored (a finished game has moves): one indexed look, no analysis read. */
  async stillThere(id: string): Promise<boolean> {
    return (await this.store.version(id)) > 0;
  }

  private next(): void {
    while (!this.closed && this.active < this.options.concurrency && this.waitingCount > 0) {
      // The first client's first game; the client then goes to the back of the line.
      const [client, games] = this.waiting.entries().next().value as [string, string[]];
      const id = games.shift()!;
      this.waiting.delete(client);
      if (games.length > 0) this.waiting.set(client, games);
      this.waitingCount--;
      this.active++;
      this.compute(id)
        .then(() => this.notifier.notify(id))
        .catch((error: unknown) => this.onError(error, id))
        .finally(() => {
          this.active--;
          this.progress.delete(id);
          this.next();
        });
    }
  }

  private async run(job: AnalysisJob): Promise<AnalysisAnswer> {
    return this.pool().run(job, { lane: 'analysis', owner: ANALYSIS_OWNER });
  }

  private async compute(id: string): Promise<void> {
    const game = (await this.store.findGame(id))!;
    const log = await this.decisions(id);
    const moves = log.map((r) => r.move as Move);
    const decisions = decisionIndices(moves);
    const positions = decisions.length + 1;
    const progress = this.progress.get(id)!;
    progress.total = positions;
    const { stepPositions, stepMs, budgetMs, playouts, maxPlayouts, minPlayouts, candidates, horizon, targetSe } =
      this.options;
    const estimate: EstimateOptions = { playouts, maxPlayouts, minPlayouts, candidates, horizon, targetSe };
    const positionsRead: AnalysedPosition[] = [];
    let workerMs = 0;
    for (let from = 0; from < positions; from = positionsRead.length) {
      const to = Math.min(positions, from + stepPositions);
      // What is left of the budget, shared by the positions left.
      const share = ((budgetMs - workerMs) * (to - from)) / (positions - from);
      const answer = await this.run({
        kind: 'positions',
        setup: game.setup,
        moves,
        from,
        to,
        estimate,
        budgetMs: Math.max(0, share),
        stepMs,
      });
      positionsRead.push(...answer.positions);
      workerMs += answer.ms;
      progress.done = positionsRead.length;
    }
    const reading = readGame(positionsRead, this.options.turningPoints);
    const versionOf = (d: number) => log[decisions[d]].seq;
    const counts = positionsRead.flatMap((p) => (p.decision ? [p.playouts] : [])).sort((a, b) => a - b);
    const analysis: Analysis = {
      gameId: id,
      start: positionsRead[0].chances,
      startSe: positionsRead[0].se,
      decisions: reading.decisions.map((d) => ({
        ...d,
        version: versionOf(d.decision),
        move: moves[decisions[d.decision]],
      })),
      turningPoints: reading.turningPoints.map((p) => ({
        ...p,
        version: versionOf(p.decision),
        move: moves[decisions[p.decision]],
      })),
      slides: reading.slides.map((s) => ({ ...s, fromVersion: versionOf(s.from), toVersion: versionOf(s.to) })),
      playouts: { median: counts[counts.length >> 1] ?? 0, max: counts.at(-1) ?? 0 },
      workerMs: Math.round(workerMs),
      computedAt: this.now().toISOString(),
    };
    await this.store.saveAnalysis(id, analysis);
  }

  /** The game's log without its lifecycle acts: its engine moves (`decisionIndices` says which are decisions). */
  private async decisions(id: string): Promise<MoveRecord[]> {
    return (await this.store.movesAfter(id, 0)).filter((r) => !isAct(r.move));
  }

  close(): void {
    this.closed = true;
    this.waiting.clear();
    this.waitingCount = 0;
  }
}
