/**
 * The example bots (`npm run bot`, examples/bot.ts) against a real server process, to the end of
 * the game: every seat in its own connection waiting on the stream, the greedy bot looking ahead
 * with the engine library; and seats joined mid-game with their tokens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { execNode } from '../helpers/child-env.js';
import { parseBotArgs } from '../../examples/args.js';
import { client, startServer } from './helpers/server-process.js';

const root = new URL('../../', import.meta.url).pathname;

async function server(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'example-bots-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return startServer(t, join(dir, 'games.db'));
}

/** `npm run bot -- ...args`, as the README runs it; answers its stdout. */
async function bot(...args: string[]): Promise<string> {
  const { stdout } = await execNode('npm', ['run', '--silent', 'bot', '--', ...args], { cwd: root, maxBuffer: 16 << 20 });
  return stdout;
}

t.test('a game id or seat token beginning with "-" is taken as the value it is, not as an option', async (t) => {
  // Ids and tokens are base64url: about one in 32 begins with "-" (a CI run met "-nmZ0Gly2osvqz5E").
  const values = parseBotArgs(['--url', 'http://h:1', '--game', '-nmZ0Gly2osvqz5E', '--seat', '--tok-en', '--index', '1', '--bot', 'greedy']);
  t.same(
    { url: values.url, game: values.game, seat: values.seat, index: values.index, bot: values.bot },
    { url: 'http://h:1', game: '-nmZ0Gly2osvqz5E', seat: '--tok-en', index: '1', bot: 'greedy' },
  );
  t.same(parseBotArgs(['--game=-x', '--new', '3']).game, '-x', 'the joined form too');
  t.equal(parseBotArgs([]).url, 'http://127.0.0.1:3000', 'defaults kept');
  t.throws(() => parseBotArgs(['--colour', 'red']), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' }, 'an unknown option is still refused');
});

t.test('npm run bot -- --new 3 --bot greedy plays a 3-player game with both expansions to the end', async (t) => {
  const { url } = await server(t);
  const out = await bot('--url', url, '--new', '3', '--bot', 'greedy');
  const id = /^game (\S+): greedy-0, greedy-1, greedy-2$/m.exec(out)?.[1];
  t.ok(id, 'names the game and its bots');
  const state = (await client(url).get(`/games/${id}`)).body;
  t.equal(state.status, 'finished');
  t.same(state.expansions, ['traders-builders', 'abbey-mayor']);
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  t.match(out, `final scores: ${scores}`, "the final scores are the server's");
  t.match(out, `game over: ${scores}`, 'the gameEnded event');
  t.match(out, /^v\d+ (final )?(city|road|monastery|field|abbey) \(\d+ tiles?, [a-z-]+\): /m, 'scoring events in words');
  const moves = (await client(url).get(`/games/${id}/moves?limit=1000`)).body.moves;
  t.match(out, `${moves.length} moves;`, 'every move of the log was played by the bots');
});

t.test('bots given a seat token join a game already under way and finish it', async (t) => {
  const { url } = await server(t);
  const http = client(url);
  const game = (await http.post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'late' })).body;
  for (let i = 0; i < 5; i++) {
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body;
    const played = await http.post(`/games/${game.id}/moves`, { expectedVersion: legal.version, move: legal.moves[0] }, { authorization: `Bearer ${game.seats[legal.actor].token}` });
    t.equal(played.status, 201);
  }
  // Seat 0 from its parts, seat 1 from the link the web lobby gives (server, game, seat and token in one).
  const link = (n: number) => `${url}/play/game.html#id=${game.id}&n=${n}&seat=${game.seats[n].token}`;
  const seat = (n: number, kind: string) =>
    n === 0 ? bot('--url', url, '--game', game.id, '--seat', game.seats[n].token, '--index', String(n), '--bot', kind) : bot('--seat', link(n), '--bot', kind);
  const [ann, bob] = await Promise.all([seat(0, 'greedy'), seat(1, 'random')]);
  const state = (await http.get(`/games/${game.id}`)).body;
  t.equal(state.status, 'finished');
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  for (const out of [ann, bob]) t.match(out, `final scores: ${scores}`);
  const played = [ann, bob].map((out) => Number(/played (\d+) moves/.exec(out)?.[1]));
  t.equal(played[0]! + played[1]! + 5, state.version, 'the two bots played every move after the fifth');
});
