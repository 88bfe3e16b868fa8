/**
 * GET /games/{id}/analysis (`docs/analysis.md`): 409 before the end; then 202 with progress
 * while the bot workers compute it, and 200 once stored: every decision of the log covered, at
 * the version it reached, with chances that sum to 1, and the turning points.
 */
import t from 'tap';
import { buildApp } from '../../src/app.js';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

t.test('a finished game is analysed once, in the background; every decision is covered', async (t) => {
  const app = await buildApp({ bots: { workers: 1 }, analysis: { playouts: 8, stepPositions: 3, preferredIterations: 30 } });
  t.teardown(() => app.close());
  const game = (await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/U', 'base/V', 'base/E', 'base/K', 'base/D'] } })).json();
  const auth = (seat: number) => ({ authorization: `Bearer ${game.seats[seat].token}` });
  t.equal((await app.inject({ url: `/games/${game.id}/analysis` })).json().code, 'GAME_NOT_FINISHED', 'not before the end');
  let resigned = false;
  for (;;) {
    const lm = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
    if (lm.actor === null) break;
    if (!resigned && lm.version >= 4) {
      // An act in the log: the decisions skip it, their versions count it.
      t.equal((await app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/resign`, headers: auth(1) })).statusCode, 200);
      resigned = true;
      continue;
    }
    if (resigned && lm.actor === 1) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the autopilot plays seat 1
      continue;
    }
    t.equal((await app.inject({ method: 'POST', url: `/games/${game.id}/moves`, headers: auth(lm.actor), payload: { expectedVersion: lm.version, move: lm.moves[0] } })).statusCode, 201);
  }
  const log = (await app.inject({ url: `/games/${game.id}/moves` })).json().moves as { seq: number; move: { type: string } }[];
  const decisions = log.filter((m) => m.move.type !== 'seatResigned');
  const first = await app.inject({ url: `/games/${game.id}/analysis` });
  t.equal(first.statusCode, 202, 'the first request starts it');
  t.equal(first.headers['retry-after'], '2');
  t.match(first.json(), { status: 'running', progress: { done: Number, total: Number } });
  let answer;
  for (;;) {
    answer = await app.inject({ url: `/games/${game.id}/analysis` });
    if (answer.statusCode === 200) break;
    t.equal(answer.statusCode, 202);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const analysis = answer.json();
  t.equal(analysis.decisions.length, decisions.length, `every one of the ${decisions.length} decisions`);
  t.same(analysis.decisions.map((d: { version: number }) => d.version), decisions.map((m) => m.seq), 'each at the version it reached');
  t.ok([analysis.start, ...analysis.decisions.map((d: { chances: number[] }) => d.chances)].every((c: number[]) => c.length === 2 && near(c[0] + c[1], 1)), 'chances sum to 1');
  t.ok(analysis.turningPoints.length > 0, `${analysis.turningPoints.length} turning points`);
  for (const p of analysis.turningPoints) t.equal(p.after, analysis.decisions[p.decision].chances[p.seat], 'a turning point names the chance after its decision');
  t.ok(analysis.workerMs >= 0, `${analysis.workerMs} ms of worker time`);
  t.same((await app.inject({ url: `/games/${game.id}/analysis` })).json(), analysis, 'stored: the same answer again');
});
