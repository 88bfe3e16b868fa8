/**
 * The TypeScript client's account loop (`followAccount`, clients/typescript/src/account-loop.ts)
 * against a real server (in-process, listening): it hands a challenge, the games' starts, the
 * turns and the end to their handlers, in order, each once; a stream cut in the middle (the
 * client's fetch made to fail after an event, as a dropped connection does) is resumed with
 * `Last-Event-ID` after the last event handed over, and a failed long-poll asks again from its
 * cursor. A refusal retrying cannot change (a revoked key) ends the loop with its error. The
 * Python client's `follow_account` (run by python3 from clients/python) against a server whose
 * streams end every second: each event once across the resumptions.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import {
  ApiProblem,
  CarcassonneClient,
  type AccountEvent,
  type AccountHandlers,
} from '../../clients/typescript/src/index.js';
import { testApp } from '../http/helpers/app.js';

const root = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

/** Plays the seat's whole turn with the account's key: the first legal move, each step. */
async function playTurn(client: CarcassonneClient, key: string, gameId: string, seat: number) {
  for (let legal = await client.legalMoves(gameId); legal.actor === seat; legal = await client.legalMoves(gameId)) {
    try {
      await client.play(gameId, key, legal.version, legal.moves[0]);
    } catch (error) {
      if (!(error instanceof ApiProblem && error.code === 'VERSION_CONFLICT')) throw error;
    }
  }
}

/** A fetch that records the account reads and makes the first stream fail after its first event with an id. */
function cuttingFetch() {
  const seen: { path: string; lastEventId: string | null }[] = [];
  let cut = false;
  let streamOpened!: () => void;
  const opened = new Promise<void>((done) => (streamOpened = done));
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers);
    if (url.pathname.startsWith('/accounts/me/'))
      seen.push({ path: url.pathname, lastEventId: headers.get('last-event-id') });
    const res = await fetch(input, init);
    if (url.pathname !== '/accounts/me/stream') return res;
    streamOpened();
    if (cut || !res.body) return res;
    cut = true;
    const decoder = new TextDecoder();
    let text = '';
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        text += decoder.decode(value, { stream: true });
        // The first block with an id: forwarded whole, then the connection "drops".
        const match = /(^|\n\n)id: [^\n]*\n[^]*?\n\n/.exec(text);
        if (match) {
          controller.enqueue(new TextEncoder().encode(text.slice(0, match.index + match[0].length)));
          void reader.cancel();
          controller.error(new TypeError('terminated'));
        }
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: wrapped, seen, opened };
}

async function serve(t: Test) {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Handlers that record every event and play the bot's turns; the loop ends when `until` holds. */
function recording(client: CarcassonneClient, key: string, stop: AbortController, until: (e: AccountEvent) => boolean) {
  const events: AccountEvent[] = [];
  const waiters: [(e: AccountEvent) => boolean, () => void][] = [];
  const record = (e: AccountEvent) => {
    events.push(e);
    for (const [when, done] of waiters) if (when(e)) done();
    if (until(e)) stop.abort();
  };
  /** Resolves once an event that `when` holds for is handed over. */
  const handed = (when: (e: AccountEvent) => boolean) => new Promise<void>((done) => waiters.push([when, done]));
  const handlers: AccountHandlers = {
    challenge: async (e) => {
      record(e);
      await client.acceptChallenge(key, e.challengeId as string);
    },
    gameStarted: record,
    yourTurn: async (e) => {
      record(e);
      await playTurn(client, key, e.gameId!, e.seat!);
    },
    gameFinished: record,
  };
  return { events, handlers, handed };
}

t.test('the stream loop: a challenge, games started, turns and the end, resumed after a drop', async (t) => {
  const base = await serve(t);
  const cutting = cuttingFetch();
  const client = new CarcassonneClient({ baseUrl: base, fetch: cutting.fetch });
  const plain = new CarcassonneClient({ baseUrl: base });
  const bot = await plain.createAccount({ name: 'LoopBot', kind: 'bot' });
  const person = await plain.createAccount({ name: 'LoopPerson', kind: 'player' });
  const stop = new AbortController();
  let game = '';
  const { events, handlers, handed } = recording(
    client,
    bot.key,
    stop,
    (e) => e.type === 'gameFinished' && e.gameId === game,
  );
  const drops: unknown[] = [];
  const loop = client.followAccount(bot.key, handlers, {
    moves: true,
    signal: stop.signal,
    retryMs: 1,
    onDrop: (e) => drops.push(e),
  });
  // Once the loop follows (its place read), what happens next is told.
  await cutting.opened;
  const challenge = await plain.createChallenge(person.key, { accounts: ['LoopBot'] });
  await handed((e) => e.type === 'gameStarted');
  // A game of three tiles against the server's random bot: the bot account moves first.
  const created = await plain.createGame(
    { players: [{ account: 'LoopBot' }, { bot: 'random' }], tileOrder: ['base/E', 'base/U', 'base/V'] },
    bot.key,
  );
  game = created.id;
  await loop;

  const accepted = await plain.getChallenge(person.key, challenge.id);
  t.equal(accepted.status, 'started', 'the handler accepted the challenge');
  t.match(events[0], { type: 'challenge', challengeId: challenge.id, challenger: 'LoopPerson' });
  t.same(
    events.map((e) => [e.type, e.gameId === game ? 'game' : e.gameId === accepted.gameId ? 'challenged' : e.gameId]),
    [
      ['challenge', undefined],
      ['gameStarted', 'challenged'],
      ['gameStarted', 'game'],
      ['yourTurn', 'game'],
      ...events.slice(4, -1).map(() => ['yourTurn', 'game']),
      ['gameFinished', 'game'],
    ],
    'each event once, in order',
  );
  const ids = events.map((e) => e.id);
  t.equal(new Set(ids).size, ids.length, 'no event twice');
  t.ok(
    events.filter((e) => e.type === 'yourTurn').every((e) => (e.moves?.length ?? 0) > 0),
    'each turn with its legal moves',
  );
  t.match((await plain.state(game)).status, 'finished');
  t.equal(drops.length, 1, 'one drop');
  t.ok(drops[0] instanceof TypeError, 'a network error');
  const streams = cutting.seen.filter((s) => s.path === '/accounts/me/stream');
  t.equal(streams.length, 2, 'one reconnection');
  t.equal(cutting.seen[0].path, '/accounts/me/events', 'the loop reads its place first');
  t.equal(streams[1].lastEventId, events[0].id, 'the second stream resumes after the event handed over');
});

t.test('the long-poll loop asks again from its cursor after a failure', async (t) => {
  const base = await serve(t);
  const asked: (string | null)[] = [];
  let failed = false;
  const fetching: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.pathname === '/accounts/me/events') {
      asked.push(url.searchParams.get('after'));
      // The second poll "drops" before the server sees it.
      if (asked.length === 3 && !failed) {
        failed = true;
        throw new TypeError('fetch failed');
      }
    }
    return fetch(input, init);
  };
  const client = new CarcassonneClient({ baseUrl: base, fetch: fetching });
  const bot = await client.createAccount({ name: 'PollBot', kind: 'bot' });
  const stop = new AbortController();
  const { events, handlers } = recording(client, bot.key, stop, (e) => e.type === 'gameFinished');
  const game = await client.createGame(
    { players: [{ bot: 'random' }, { account: 'PollBot' }], tileOrder: ['base/E', 'base/U', 'base/V'] },
    bot.key,
  );
  await client.followAccount(bot.key, handlers, {
    transport: 'poll',
    moves: true,
    wait: 5,
    signal: stop.signal,
    retryMs: 1,
  });
  t.equal(events[0].type, 'yourTurn', 'the turn waiting when it started, first');
  t.equal(events.at(-1)?.type, 'gameFinished');
  t.equal((await client.state(game.id)).status, 'finished', 'the bot account played its turns to the end');
  t.equal(asked[0], null, 'the first read has no cursor');
  t.equal(asked[3], asked[2], 'after the failure, the same cursor again');
  const ids = events.flatMap((e) => (e.id === undefined ? [] : [e.id]));
  t.equal(new Set(ids).size, ids.length, 'no event twice');
});

t.test('a revoked key ends the loop with its refusal', async (t) => {
  const base = await serve(t);
  const client = new CarcassonneClient({ baseUrl: base });
  const bot = await client.createAccount({ name: 'GoneBot', kind: 'bot' });
  await client.revokeAccountKey(bot.key, bot.keyId);
  const error = await client.followAccount(bot.key, {}, { retryMs: 1 }).catch((e: unknown) => e);
  t.ok(error instanceof ApiProblem);
  t.match(error, { status: 401, code: 'ACCOUNT_KEY_REVOKED' });
});

t.test("the Python client's follow_account against a server whose streams end every second", async (t) => {
  const app = await testApp(t, { streams: { perAddress: 0, opens: { perSecond: 0, burst: 0 }, maxSeconds: 1 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The loop in a thread; once a stream has ended and been resumed, a challenge and a game come.
  const script = `
import json, sys, threading
from carcassonne_client import ApiProblem, CarcassonneClient
c = CarcassonneClient(sys.argv[1])
bot = c.create_account("PyLoopBot", "bot")["key"]
person = c.create_account("PyLoopPerson", "player")["key"]
stop, resumed, handed, drops = threading.Event(), threading.Event(), [], []
game = {}
def drop(error):
    drops.append(repr(error))
    resumed.set()
def turn(event):
    handed.append(event)
    legal = c.get_legal_moves(event["gameId"])
    while legal["actor"] == event["seat"]:
        try:
            c.submit_move(event["gameId"], bot, legal["version"], legal["moves"][0])
        except ApiProblem as problem:
            if problem.code != "VERSION_CONFLICT":
                raise
        legal = c.get_legal_moves(event["gameId"])
def challenge(event):
    handed.append(event)
    c.accept_challenge(bot, event["challengeId"])
def finished(event):
    handed.append(event)
    if event["gameId"] == game.get("id"):
        stop.set()
loop = threading.Thread(target=c.follow_account, args=(bot, {"yourTurn": turn, "challenge": challenge, "gameStarted": handed.append, "gameFinished": finished}), kwargs={"moves": True, "stop": stop, "on_drop": drop, "retry": 0.01})
loop.start()
resumed.wait()
c.create_challenge(person, {"accounts": ["PyLoopBot"]})
game.update(c.create_game({"players": [{"account": "PyLoopBot"}, {"bot": "random"}], "tileOrder": ["base/E", "base/U", "base/V"]}, bot))
loop.join()
print(json.dumps({"game": game["id"], "handed": handed, "drops": drops, "state": c.get_game(game["id"])["status"]}))
`;
  const { stdout } = await run('python3', ['-c', script, base], { cwd: `${root}clients/python` });
  const out = JSON.parse(stdout) as { game: string; handed: AccountEvent[]; drops: string[]; state: string };
  t.equal(out.state, 'finished', "the handlers played the bot account's turns to the end");
  t.ok(out.drops.length >= 1 && out.drops.every((d) => d === 'None'), 'the server ended streams; the loop resumed');
  const types = out.handed.map((e) => e.type);
  t.equal(types[0], 'challenge', 'the challenge first');
  t.equal(types.at(-1), 'gameFinished');
  t.equal(types.filter((type) => type === 'gameStarted').length, 2, "the challenge's game and the game made");
  t.ok(types.includes('yourTurn'));
  const ids = out.handed.map((e) => e.id);
  t.equal(new Set(ids).size, ids.length, 'each event once, across the resumptions');
});
