/**
 * Fair shares under the attacks of issue 22, on a real server process, the attacker on other
 * loopback addresses than its victims (a light run; `npm run soak:abuse` runs them at full
 * size and prints the figures): bots-only mcts games do not hold back a greedy bot of another
 * game; 40 hints at once are each answered or refused, none held behind the flood; 600 streams on one game get
 * every move; and `/health`, asked from yet another address throughout, always answers.
 */
import t from 'tap';
import { tempDatabase } from '../helpers/temp-database.js';
import { botFlood, hintFlood, percentile, probeHealth, streamFlood } from '../helpers/abuse.js';
import { startServer } from '../helpers/server-process.js';

t.test('bots, hints and streams of attackers leave other clients their share', async (t) => {
  const server = await startServer(t, tempDatabase(t), { BOT_WORKERS: '1' }, { openFiles: 4096 });
  const health = probeHealth(server.url);

  const bots = await botFlood(server.url, 12, 5);
  t.equal(bots.created, 12, 'the attackers created their bots-only games');
  // How fast is the soak's to measure (`npm run soak:abuse`); here: that it did not wait for the flood.
  t.ok(
    bots.floodStillRunning,
    `a greedy bot of another game played its turn (in ${Math.round(bots.greedyMs)} ms) while 12 bots-only mcts games ran`,
  );

  const hints = await hintFlood(server.url, 40);
  t.ok(
    hints.every((h) => [200, 429, 503].includes(h.status)),
    'each hint answered or refused',
  );
  t.ok(
    hints.some((h) => h.status === 200) && hints.some((h) => h.status === 503),
    `some answered, the rest refused (${hints.filter((h) => h.status === 200).length} answered)`,
  );
  // None was held behind the flood: every answer came while all its bots-only games still ran (an
  // order of events, which a busy machine does not change; how fast is the soak's to measure).
  t.ok(
    await bots.stillRunning(),
    `every hint answered while the flood still ran (the slowest in ${Math.round(Math.max(...hints.map((h) => h.ms)))} ms)`,
  );

  const streams = await streamFlood(server.url, { streams: 600, perAddress: 32, moves: 10, everyMs: 100 });
  t.teardown(() => streams.close());
  t.equal(streams.opened, 600, 'every stream opened (32 per address)');
  t.ok(streams.allGotEverything, 'every stream got every move');
  streams.close();

  const { ms, failed } = await health.stop();
  t.equal(failed, 0, '/health always answered');
  t.comment(
    `/health p50 ${percentile(ms, 0.5).toFixed(1)} ms, p99 ${percentile(ms, 0.99).toFixed(1)} ms over ${ms.length}; moves p99 ${percentile(streams.moveMs, 0.99).toFixed(1)} ms`,
  );
});
