/**
 * npm run bench:answers-ab -- <old checkout> [<new checkout>]: the service's answers of two
 * builds measured alternately in one run (as `bench-ab.ts` does for the engine): the state answer
 * (its JSON at a version not yet cached: positions of games played by copies, each written again
 * every few rounds; and at each version of games played in place, each written once), a move's
 * answer (`submit` on an in-memory SQLite store, the state in the answer; and in every other round
 * without it, `return=minimal`, which is the rest of a move's cost), the same through the whole
 * app's move route (`route`: requests injected, no socket) and replay (`stateJsonAt` of a
 * finished game whose replay cursor was evicted: a walk from the setup and the asked version's
 * JSON). Both builds serve the same planned games; each checkout must have its scripts compiled
 * (`npx tsc -p tsconfig.scripts.json`). BENCH_ROUNDS (default 40), BENCH_GAMES (default 120),
 * BENCH_ANSWERS (the kinds of blocks timed, below: state, inPlace, move, route, replay),
 * BENCH_ORDER (both load orders by default, each run in a process of its own, and the geometric
 * means of their ratios: `ab-orders.ts`); BENCH_ISOLATE=1 runs each build in a process of its own (`answers-ab-build.ts`), otherwise both
 * share this one.
 */
import { fork } from 'node:child_process';
import { planGames } from './ab-games.js';
import { benchOrder, runBothOrders } from './ab-orders.js';
import { abMeansHeader, printAbTable, type Timings } from './ab-stats.js';
import { openBuild, type Block, type OpenBuild, type Timed } from './answers-ab-build.js';

const [oldDir, newDir = '.'] = process.argv.slice(2);
if (oldDir === undefined) throw new Error('usage: bench-answers-ab <old checkout> [<new checkout>]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const GAMES = Number(process.env.BENCH_GAMES ?? 120);
const ISOLATE = process.env.BENCH_ISOLATE === '1';
const order = benchOrder();
if (order === 'both') runBothOrders(abMeansHeader('answer'));

const planned = planGames(GAMES);

interface Build extends OpenBuild {
  name: 'old' | 'new';
}

/** A build in a child process of its own: its blocks are asked for and answered one at a time. */
async function isolated(name: Build['name'], dir: string): Promise<Build> {
  const child = fork(new URL('./answers-ab-build.js', import.meta.url), {
    execArgv: process.execArgv,
    env: { ...process.env, ANSWERS_AB_BUILD: dir },
    serialization: 'advanced',
  });
  const replies: ((message: unknown) => void)[] = [];
  child.on('message', (message) => replies.shift()?.(message));
  child.on('exit', (code) => {
    if (code !== 0) throw new Error(`the ${name} build's process exited with ${code}`);
  });
  const next = () => new Promise<unknown>((resolve) => replies.push(resolve));
  child.send(planned);
  await next();
  return {
    name,
    run: (block: Block) => {
      const reply = next() as Promise<Timed>;
      child.send(block);
      return reply;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}

const inProcess = async (name: Build['name'], dir: string): Promise<Build> => ({
  name,
  ...(await openBuild(dir, planned)),
});

/**
 * Which build is loaded first. In one process the two share the packages under node_modules: in a
 * harness of moves alone, a build loaded first ran ~15 % faster than a copy of itself loaded
 * second. So both orders are run, and their ratios averaged.
 */
const newFirst = order === 'new-first';
const open = ISOLATE ? isolated : inProcess;
const loaded = newFirst
  ? [await open('new', newDir), await open('old', oldDir)]
  : [await open('old', oldDir), await open('new', newDir)];
const builds = newFirst ? loaded.reverse() : loaded;

/** Per answer and build: the totals, and each block's µs per unit (a round has one block of each build). */
const results: Record<string, Record<Build['name'], Timings>> = {};
/**
 * The kinds of blocks timed (BENCH_ANSWERS, a comma list of state, inPlace, move, route and
 * replay; all by default): the others are not run at all, so that what one kind leaves in a build's process (its
 * collections, its games) does not land on another's clock.
 */
const answers = new Set((process.env.BENCH_ANSWERS ?? 'state,inPlace,move,route,replay').split(','));
async function time(b: Build, block: Block) {
  if (!answers.has(block.kind)) return;
  const { label, units, us } = await b.run(block);
  results[label] ??= { old: { units: 0, us: 0, blocks: [] }, new: { units: 0, us: 0, blocks: [] } };
  results[label][b.name].units += units;
  results[label][b.name].us += us;
  results[label][b.name].blocks.push(us / units);
}

const total = planned.reduce((s, p) => s + p.moves.length, 0);
const perRound = Math.floor(total / ROUNDS / 2);
// Warm-up, untimed and whatever is timed: the state's writers, which a move's answer uses too.
// Without it, a process timing only moves wrote the state ~2,000 times in all, across four
// registries' writers, and the new build's move with the state was ×1.17 where it is ×1.07 warmed (Node 24).
for (let r = 0; r < 10; r++) {
  for (const b of builds) await b.run({ kind: 'state', round: r });
  for (const b of builds) await b.run({ kind: 'inPlace', round: r });
}
for (let r = 0; r < ROUNDS; r++) {
  const turn = r % 2 === 0 ? builds : [...builds].reverse();
  for (const b of turn) await time(b, { kind: 'state', round: r });
  for (const b of turn) await time(b, { kind: 'inPlace', round: r });
  // Odd rounds without the state: what the rest of a move costs in each build. Which build goes
  // first alternates every two rounds, so that each kind of move block has each build first as
  // often (in step with the rounds, the minimal blocks had the new build first every time, and
  // two copies of one build differed by ~20 %).
  const moveOrder = Math.floor(r / 2) % 2 === 0 ? builds : [...builds].reverse();
  for (const b of moveOrder) await time(b, { kind: 'move', round: r, count: perRound, minimal: r % 2 === 1 });
  for (const b of moveOrder) await time(b, { kind: 'route', round: r, count: perRound, minimal: r % 2 === 1 });
}
// Every game is finished now (or nearly), the moves left played untimed: replays of finished games.
for (const b of builds) await b.run({ kind: 'move', round: 0, count: total, minimal: false });
for (let r = 0; r < 3; r++) for (const b of builds) await time(b, { kind: 'replay', round: 1000 + r });
for (const label of Object.keys(results)) if (label.startsWith('replay')) delete results[label];
for (let r = 0; r < ROUNDS; r++) {
  const turn = r % 2 === 0 ? builds : [...builds].reverse();
  for (const b of turn) await time(b, { kind: 'replay', round: r });
}

console.log(
  `Node ${process.version}; ${ROUNDS} rounds, alternating; old = ${oldDir}, new = ${newDir}; ${newFirst ? 'new' : 'old'} loaded first; ${ISOLATE ? 'each build in a process of its own' : 'both builds in one heap'}; timed: ${[...answers].join(', ')}`,
);
printAbTable(results);
for (const b of builds) await b.close();
