/**
 * A server process killed with SIGKILL in the middle of a load of move submissions loses
 * nothing: after a restart on the same file every move answered 201 is in the log at its
 * version, a move whose answer never came is either wholly in the log or not at all (the log
 * replays, versions are contiguous), and every game goes on.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { publicView, replay, type GameSetup, type Move } from '../../src/engine/index.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer } from '../helpers/server-process.js';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';

const GAMES = 24;
const KILL_AFTER = 240;

interface Sent {
  gameId: string;
  expectedVersion: number;
  move: Move;
}

t.test('SIGKILL under load: every answered move survives, none is half-applied, every game continues', async (t) => {
  const db = tempDatabase(t);
  const server = await startServer(t, db);
  const api = client(server.url);
  const games: { id: string; setup: GameSetup; tokens: string[] }[] = [];
  for (let i = 0; i < GAMES; i++) {
    const setup: GameSetup = {
      players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }].slice(0, 2 + (i % 2)),
      expansions: i % 3 ? ['traders-builders', 'abbey-mayor'] : [],
      seed: `crash-${i}`,
    };
    const res = await api.post('/games', setup);
    games.push({ id: res.body.id, setup, tokens: res.body.seats.map((s: { token: string }) => s.token) });
  }

  const answered: Sent[] = [];
  const unanswered: Sent[] = [];
  let killed: Promise<void> | undefined;
  await Promise.all(
    games.map(async (game, g) => {
      for (let n = 0; ; n++) {
        let sent: Sent | undefined;
        try {
          const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
          if (lm.actor === null) return;
          sent = { gameId: game.id, expectedVersion: lm.version, move: lm.moves[(g + n) % lm.moves.length] };
          const res = await api.post(
            `/games/${game.id}/moves`,
            { expectedVersion: sent.expectedVersion, move: sent.move },
            { authorization: `Bearer ${game.tokens[lm.actor]}` },
          );
          if (res.status !== 201) throw new Error(`refused: ${res.status} ${JSON.stringify(res.body)}`);
          answered.push(sent);
          if (answered.length === KILL_AFTER) killed = server.crash();
        } catch (error) {
          if (!killed) throw error;
          if (sent) unanswered.push(sent);
          return;
        }
      }
    }),
  );
  await killed;
  t.ok(
    answered.length >= KILL_AFTER,
    `${answered.length} moves answered 201 before the kill; ${unanswered.length} sent without an answer`,
  );

  const restarted = client((await startServer(t, db)).url);
  let committedUnanswered = 0;
  for (const game of games) {
    const log = (await restarted.get(`/games/${game.id}/moves`)).body.moves as { seq: number; move: Move }[];
    t.same(
      log.map((m) => m.seq),
      Array.from({ length: log.length }, (_, i) => i + 1),
      'versions contiguous',
    );
    const mine = answered.filter((a) => a.gameId === game.id);
    const lost = mine.filter((a) => !isDeepStrictEqual(log[a.expectedVersion]?.move, a.move));
    t.same(lost, [], `${game.id}: all ${mine.length} answered moves are in the log at their version`);
    const pending = unanswered.find((u) => u.gameId === game.id);
    const extra = log.length - mine.length;
    if (pending && extra === 1) {
      t.same(log.at(-1)!.move, pending.move, 'the unanswered move was committed whole');
      committedUnanswered++;
    } else {
      t.equal(extra, 0, 'nothing beyond the answered moves');
    }
    const rebuilt = replay(
      game.setup,
      log.map((m) => m.move),
    );
    t.ok(rebuilt.ok, 'the log replays');
    const state = (await restarted.get(`/games/${game.id}`)).body;
    if (rebuilt.ok)
      t.same(
        state,
        { id: game.id, version: log.length, ...lifecycleMembers(game.setup), ...publicView(rebuilt.value.game) },
        'the state is the replay',
      );

    const lm = (await restarted.get(`/games/${game.id}/legal-moves`)).body;
    if (lm.actor === null) continue;
    const next = await restarted.post(
      `/games/${game.id}/moves`,
      { expectedVersion: log.length, move: lm.moves[0] },
      { authorization: `Bearer ${game.tokens[lm.actor]}` },
    );
    t.equal(next.status, 201, 'the game continues');
  }
  t.comment(`${committedUnanswered} of ${unanswered.length} unanswered moves had been committed`);
});
