/**
 * PostgreSQL restarted under load, with two nodes on it: meanwhile writes are refused with a 5xx
 * (never a 201 that is then lost), no node falls over, service resumes by itself once the
 * server is back, and every acknowledged move is in the log at its version.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { replay, type GameSetup, type Move } from '../../src/engine/index.js';
import { privateServer } from '../helpers/postgres.js';
import { serverUrl } from '../helpers/postgres-server.js';
import { client, startServer, type Client } from '../helpers/server-process.js';

const GAMES = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test(
  'PostgreSQL restarted mid-stream: writes refused meanwhile, nothing acknowledged lost, service resumes by itself',
  async (t) => {
    let server;
    try {
      server = await privateServer(); // its own: restarting the shared one would disturb other files
    } catch (error) {
      if (process.env.CI) throw error;
      return t.plan(0, `no PostgreSQL server could start here: ${String(error)}`);
    }
    t.teardown(() => server.destroy());
    const url = serverUrl(server.port);
    const nodes = await Promise.all([0, 1].map(() => startServer(t, url, { PG_STATEMENT_TIMEOUT_MS: '2000' })));
    const apis: Client[] = nodes.map((n) => client(n.url));
    const games: { id: string; setup: GameSetup; tokens: string[] }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const setup: GameSetup = { players: [{ name: 'A' }, { name: 'B' }], seed: `restart-${i}` };
      const res = await apis[i % 2].post('/games', setup);
      games.push({ id: res.body.id, setup, tokens: res.body.seats.map((s: { token: string }) => s.token) });
    }

    type Phase = 'before' | 'down' | 'after';
    let phase: Phase = 'before';
    const acknowledged = new Map<string, Move[]>(games.map((g) => [g.id, []]));
    const answers: Record<Phase, number[]> = { before: [], down: [], after: [] };
    let stop = false;
    const load = Promise.all(
      games.map(async (game, g) => {
        for (let n = 0; !stop; n++) {
          const api = apis[(g + n) % 2];
          const sentIn = phase;
          const lm = await api.get(`/games/${game.id}/legal-moves`).catch(() => undefined);
          if (!lm || lm.status !== 200) {
            answers[sentIn].push(lm?.status ?? 0);
            await sleep(20);
            continue;
          }
          if (lm.body.actor === null) return;
          const move = lm.body.moves[(g + n) % lm.body.moves.length] as Move;
          const res = await api
            .post(
              `/games/${game.id}/moves`,
              { expectedVersion: lm.body.version, move },
              { authorization: `Bearer ${game.tokens[lm.body.actor]}` },
            )
            .catch(() => undefined);
          answers[sentIn].push(res?.status ?? 0);
          if (res?.status === 201) acknowledged.get(game.id)![lm.body.version] = move;
          else if (res?.status !== 409) await sleep(20);
        }
      }),
    );

    const count = (phase: Phase, pass: (status: number) => boolean) => answers[phase].filter(pass).length;
    while (count('before', (s) => s === 201) < 60) await sleep(10);
    server.stop();
    phase = 'down';
    // Down until the nodes have refused a few requests (the event; a busy machine takes its
    // time to them, and the bound only ends a test that would hang).
    const downUntil = Date.now() + 120_000;
    while (count('down', (s) => s >= 500) < 3 && Date.now() < downUntil) await sleep(20);
    const refusedWhileDown = count('down', (s) => s >= 500);
    server.start();
    phase = 'after';
    // Resuming takes a second or two; the deadline only ends a test that would otherwise hang, so
    // it is far beyond what a loaded machine needs (it was 20 s).
    const deadline = Date.now() + 60_000;
    while (count('after', (s) => s === 201) < 60 && Date.now() < deadline) await sleep(20);
    stop = true;
    await load;

    const tally = (list: number[]) =>
      JSON.stringify(Object.fromEntries([...new Set(list)].map((s) => [s, list.filter((x) => x === s).length])));
    t.comment(
      `answers by status before: ${tally(answers.before)}, while down: ${tally(answers.down)}, after: ${tally(answers.after)}`,
    );
    t.ok(refusedWhileDown > 0, `${refusedWhileDown} requests refused with a 5xx while PostgreSQL was down`);
    t.same(
      answers.down.filter((s) => s !== 201 && s !== 409 && s < 500),
      [],
      'while it was down: only 5xx refusals (and answers to requests already committing)',
    );
    t.same(
      answers.down.filter((s) => s >= 500 && s !== 503),
      [],
      'each refusal a 503 (STORAGE_UNAVAILABLE), never a 500',
    );
    t.ok(count('after', (s) => s === 201) >= 60, 'writes resumed by themselves once it was back');
    for (const [i, game] of games.entries()) {
      const log = (await apis[i % 2].get(`/games/${game.id}/moves`)).body.moves as { seq: number; move: Move }[];
      t.same(
        log.map((m) => m.seq),
        Array.from({ length: log.length }, (_, j) => j + 1),
        'versions contiguous',
      );
      const lost = [...acknowledged.get(game.id)!.entries()].filter(
        ([v, move]) => move !== undefined && !isDeepStrictEqual(log[v]?.move, move),
      );
      t.same(lost, [], `${game.id}: every acknowledged move is in the log at its version`);
      t.ok(
        replay(
          game.setup,
          log.map((m) => m.move),
        ).ok,
        'the log replays',
      );
    }
    for (const node of nodes) t.notMatch(node.output.join(''), /exited|uncaught/i, 'the node kept running');
  },
);
