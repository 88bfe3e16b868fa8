/**
 * The clients' account methods against a real server (in-process, listening): the TypeScript
 * client's and the Python client's (run by python3 from clients/python) create an account, read
 * it, rotate its key, list its games, and read its events (long-poll and stream).
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import t from 'tap';
import { CarcassonneClient } from '../../clients/typescript/src/index.js';
import { testApp } from '../http/helpers/app.js';

const root = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

t.test('the TypeScript client: account, keys, games, events, stream', async (t) => {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const created = await client.createAccount({ name: 'TsBot', kind: 'bot' });
  t.match(created, { name: 'TsBot', kind: 'bot' });
  t.same(await client.getMyAccount(created.key), await client.getAccount('tsbot'));
  const second = await client.addAccountKey(created.key);
  await client.revokeAccountKey(second.key, created.keyId);
  t.same(
    (await client.listAccountKeys(second.key)).keys.map((k) => [k.id, k.revokedAt === null]),
    [
      [created.keyId, false],
      [second.id, true],
    ],
  );
  const game = await client.createGame({ players: [{ account: 'TsBot' }, { open: true }] }, second.key);
  const open = await client.createGame({ players: [{ name: 'Ann' }, { open: true }] });
  const joined = await client.joinSeatAsAccount(open.id, 1, second.key);
  t.same([joined.seat, joined.token], [1, undefined]);
  t.same((await client.listMyGames(second.key)).games.map((g) => g.id).sort(), [game.id, open.id].sort());
  const start = await client.getMyEvents(second.key);
  t.same(start.events, [], 'both games wait for their open seats or Ann');
  const events = await client.getMyEvents(second.key, { after: '0' });
  t.same(
    events.events.map((e) => [e.type, e.gameId]),
    [['gameStarted', open.id]],
    'the join started the lobby game',
  );
  const aborter = new AbortController();
  const stream = client.streamMyEvents(second.key, { after: '0', signal: aborter.signal });
  const first = await stream.next();
  t.match(first.value, { type: 'gameStarted', gameId: open.id, id: events.cursor });
  // Leaving the loop cancels the body's reader; the abort then ends the request itself.
  await stream.return(undefined);
  aborter.abort();

  const rival = await client.createAccount({ name: 'TsRival', kind: 'bot' });
  await client.setAcceptPolicy(rival.key, { maxGames: 5 });
  t.same(await client.getAcceptPolicy(rival.key), { policy: { maxGames: 5 } });
  const started = await client.createChallenge(second.key, { accounts: ['TsRival'] });
  t.match(started, { status: 'started', challenger: 'TsBot' }, 'accepted by its policy');
  const person = await client.createAccount({ name: 'TsPerson', kind: 'player' });
  const asked = await client.createChallenge(second.key, { accounts: ['TsPerson'] });
  t.same(
    (await client.listMyChallenges(person.key)).challenges.map((c) => c.id),
    [asked.id],
  );
  t.equal((await client.getChallenge(person.key, asked.id)).status, 'open');
  t.equal((await client.declineChallenge(person.key, asked.id, 'later')).status, 'declined');
  const again = await client.createChallenge(second.key, { accounts: ['TsPerson'] });
  t.equal((await client.cancelChallenge(second.key, again.id)).status, 'canceled');
  const third = await client.createChallenge(second.key, { accounts: ['TsPerson'] });
  t.type((await client.acceptChallenge(person.key, third.id)).gameId, 'string');
  t.same(await client.getLeaderboard({ limit: 5 }), { accounts: [] }, 'no rated game finished yet');
  t.same((await client.getAccount('TsPerson')).rating, { rating: 0, mu: 25, sigma: 25 / 3, games: 0 });
  // The account webhook's calls (test/accounts/webhook.test.ts sends to one): a private address is refused.
  await t.rejects(client.subscribeAccountWebhook(person.key, 'http://10.0.0.1/hook'), { message: /^422 / });
  await t.rejects(client.getAccountWebhook(person.key), { message: /^404 WEBHOOK_NOT_FOUND/ });
  await client.removeAccountWebhook(person.key);
});

t.test('the Python client: account, keys, games, events, stream', async (t) => {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const script = `
import json, sys
from carcassonne_client import CarcassonneClient
c = CarcassonneClient(sys.argv[1])
a = c.create_account("PyBot", "bot")
k = c.add_account_key(a["key"])
c.revoke_account_key(k["key"], a["keyId"])
g = c.create_game({"players": [{"account": "PyBot"}, {"name": "Ann"}]}, k["key"])
events = c.get_my_events(k["key"])
stream = c.stream_my_events(k["key"], moves=True)
first = next(stream)
p = c.create_account("PyPerson", "player")
ch = c.create_challenge(k["key"], {"accounts": ["PyPerson"]})
accepted = c.accept_challenge(p["key"], ch["id"])
print(json.dumps({"accepted": accepted, "me": c.get_my_account(k["key"]), "named": c.get_account("PYBOT"), "keys": c.list_account_keys(k["key"]),
  "games": c.list_my_games(k["key"]), "game": g["id"], "events": events, "first": first, "board": c.get_leaderboard(limit=5)}))
`;
  const { stdout } = await run('python3', ['-c', script, base], { cwd: `${root}clients/python` });
  const out = JSON.parse(stdout);
  t.match(out.me, { name: 'PyBot', kind: 'bot' });
  t.same(out.named, out.me);
  t.equal(out.keys.keys.filter((k: { revokedAt: unknown }) => k.revokedAt === null).length, 1);
  t.same(
    out.games.games.map((g: { id: string; yourTurn: boolean }) => [g.id, g.yourTurn]),
    [
      [out.accepted.gameId, true],
      [out.game, true],
    ],
    'newest first among those where it must act',
  );
  t.match(out.events.events, [{ type: 'yourTurn', gameId: out.game, seat: 0 }]);
  t.match(out.first, { type: 'yourTurn', gameId: out.game, version: 0 });
  t.ok(out.first.moves.length > 0, 'with its legal moves');
  t.match(out.accepted, { status: 'started', challenger: 'PyBot' });
  t.same(out.board, { accounts: [] }, 'the leaderboard: no rated game finished yet');
  t.same(out.me.rating, { rating: 0, mu: 25, sigma: 25 / 3, games: 0 });
});
