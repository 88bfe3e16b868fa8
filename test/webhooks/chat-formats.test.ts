/**
 * A game's webhook in a chat's format (`docs/webhooks.md`, "Formats"), on SQLite and PostgreSQL:
 * a real receiver on loopback is sent Discord's and Slack's incoming-webhook messages, byte for
 * byte as written here, with hostile names defused; `json` is the document it always was; the
 * format is chosen at creation or with PUT, read back with GET (never the secret), refused when
 * unknown.
 */
import t, { type Test } from 'tap';
import type { StoreLocation } from '../../src/storage/open-store.js';
import { parseAllowHosts } from '../../src/service/webhooks/webhook-url.js';
import { forEachStore } from '../helpers/stores.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { bearer, legal, testApp, type App } from '../http/helpers/app.js';
import { SHORT_PILE } from './helpers.js';

const PUBLIC_URL = 'https://carcassonne.example/base';
const link = (id: string) => `${PUBLIC_URL}/play/game.html#id=${id}`;

async function hookedApp(t: Test, receiver: Receiver, database: StoreLocation): Promise<App> {
  return testApp(t, {
    database,
    publicUrl: PUBLIC_URL,
    webhooks: {
      allowHosts: parseAllowHosts(new URL(receiver.url).host),
      sender: {
        retryDelaysMs: [50, 50, 50],
        timeouts: { connectMs: 60_000, responseMs: 60_000 },
        pollMs: 20,
        concurrency: 8,
        perHostPerMinute: 10_000,
        perGamePerMinute: 10_000,
      },
    },
  });
}

interface Game {
  id: string;
  adminToken: string;
  seats: { seat: number; token?: string }[];
  webhook: { url: string; secret: string; format: string };
}

async function create(app: App, payload: object): Promise<Game> {
  const res = await app.inject({ method: 'POST', url: '/games', payload });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json<Game>();
}

/** Plays first legal moves to the end; answers the seats whose turn each move passed to (the seatMustAct deliveries). */
async function playToEnd(app: App, id: string, tokens: string[]): Promise<number[]> {
  const turns: number[] = [];
  let lm = await legal(app, id);
  while (lm.actor !== null) {
    const before = lm.actor;
    const res = await app.inject({
      method: 'POST',
      url: `/games/${id}/moves`,
      headers: bearer(tokens[lm.actor]),
      payload: { expectedVersion: lm.version, move: lm.moves[0] },
    });
    if (res.statusCode !== 201) throw new Error(`move: ${res.statusCode} ${res.body}`);
    lm = await legal(app, id);
    if (lm.actor !== null && lm.actor !== before) turns.push(lm.actor);
  }
  return turns;
}

/** The bodies `receiver` got for game `id`, once `count` have come and the game's deliveries are all settled as delivered. */
async function bodiesOf(app: App, receiver: Receiver, game: Game, count: number): Promise<string[]> {
  const mine = () => receiver.received.filter((r) => r.body.includes(game.id));
  await receiver.until(() => mine().length >= count);
  // Settled just after the receiver answered; none then is sent again.
  await until(
    async () =>
      (await app.inject({ url: `/games/${game.id}/webhook/deliveries`, headers: bearer(game.adminToken) }))
        .json<{ deliveries: { status: string }[] }>()
        .deliveries.every((d) => d.status === 'delivered'),
    60_000,
    `the deliveries of ${game.id} settled`,
  );
  return mine().map((r) => r.body);
}

forEachStore(t, (t, stores) => {
  t.test('Discord is sent its message for each event, names defused', async (t) => {
    const receiver = await startReceiver(t);
    const app = await hookedApp(t, receiver, await stores.location(t));
    const game = await create(app, {
      players: [{ name: '@everyone' }, { open: true }],
      tileOrder: SHORT_PILE,
      webhook: { url: receiver.url, format: 'discord' },
    });
    t.match(game.webhook, { url: receiver.url, secret: /^whsec_/, format: 'discord' });
    const joined = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/seats/1/join`,
      payload: { name: '<@123> **bold**' },
    });
    t.equal(joined.statusCode, 201);
    const tokens = [game.seats[0].token!, joined.json<{ token: string }>().token];
    const turns = await playToEnd(app, game.id, tokens);
    const { players } = (await app.inject({ url: `/games/${game.id}` })).json<{
      players: { seat: number; score: number }[];
    }>();

    const names = ['@\u200beveryone', '\\<@\u200b123\\> \\*\\*bold\\*\\*'];
    const discord = (content: string) => JSON.stringify({ content, allowed_mentions: { parse: [] } });
    const want = [
      discord(`${names[1]} took seat 2 in game \`${game.id}\`: ${link(game.id)}`),
      ...[0, ...turns].map((seat) =>
        discord(`${names[seat]}, it's your turn in game \`${game.id}\`: ${link(game.id)}`),
      ),
      discord(
        `The game \`${game.id}\` is over (${names[0]} ${players[0].score}, ${names[1]} ${players[1].score}): ${link(game.id)}`,
      ),
    ];
    const bodies = await bodiesOf(app, receiver, game, want.length);
    t.same([...bodies].sort(), [...want].sort(), 'exactly these bodies, each once');
    t.ok(
      bodies.every((b) => !/@everyone|<@123>/.test(b)),
      'no mention reaches the chat',
    );
    t.ok(
      receiver.received.every((r) => r.signature.startsWith('t=')),
      'still signed (the headers are those of every delivery)',
    );
  });

  t.test('Slack is sent its message for each event, names defused; PUT changes the format, GET reads it', async (t) => {
    const receiver = await startReceiver(t);
    const app = await hookedApp(t, receiver, await stores.location(t));
    const game = await create(app, {
      players: [{ name: '<!channel> [x](http://evil)' }, { name: '@here & <@U1>' }],
      webhook: { url: receiver.url, format: 'slack' },
    });
    const get = () => app.inject({ url: `/games/${game.id}/webhook`, headers: bearer(game.adminToken) });
    const read = await get();
    t.equal(read.statusCode, 200);
    t.same(read.json(), { url: receiver.url, format: 'slack' }, 'the URL and the format, never the secret');
    t.equal(
      (await app.inject({ url: `/games/${game.id}/webhook`, headers: bearer(game.seats[0].token!) })).statusCode,
      403,
      "a seat's token may not read it",
    );
    const resigned = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/seats/1/resign`,
      headers: bearer(game.seats[1].token!),
      payload: {},
    });
    t.equal(resigned.statusCode, 200);
    const aborted = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/abort`,
      headers: bearer(game.adminToken),
      payload: {},
    });
    t.equal(aborted.statusCode, 200);
    const slack = (text: string) => JSON.stringify({ text });
    const want = [
      slack(`&lt;!channel&gt; [x](http://evil), it's your turn in game \`${game.id}\`: ${link(game.id)}`),
      slack(`Seat 2 resigned from game \`${game.id}\`: ${link(game.id)}`),
      slack(`The game \`${game.id}\` was aborted: ${link(game.id)}`),
    ];
    const bodies = await bodiesOf(app, receiver, game, want.length);
    t.same([...bodies].sort(), [...want].sort(), 'exactly these bodies, each once');

    // Back to json with PUT: the format follows, and the secret is new.
    const put = await app.inject({
      method: 'PUT',
      url: `/games/${game.id}/webhook`,
      headers: bearer(game.adminToken),
      payload: { url: receiver.url },
    });
    t.equal(put.statusCode, 200);
    t.match(put.json(), { url: receiver.url, format: 'json', secret: /^whsec_/ });
    t.same((await get()).json(), { url: receiver.url, format: 'json' }, 'json unless asked');
    const slackAgain = await app.inject({
      method: 'PUT',
      url: `/games/${game.id}/webhook`,
      headers: bearer(game.adminToken),
      payload: { url: receiver.url, format: 'slack' },
    });
    t.equal(slackAgain.json<{ format: string }>().format, 'slack');
    t.same((await get()).json(), { url: receiver.url, format: 'slack' });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/games/${game.id}/webhook`,
      headers: bearer(game.adminToken),
    });
    t.equal(removed.statusCode, 204);
    const none = await get();
    t.equal(none.statusCode, 404);
    t.equal(none.json<{ code: string }>().code, 'WEBHOOK_NOT_FOUND', 'a game without a webhook');
    const unknown = await app.inject({ url: '/games/nonesuch/webhook', headers: bearer(game.adminToken) });
    t.equal(unknown.statusCode, 404);
    t.equal(unknown.json<{ code: string }>().code, 'GAME_NOT_FOUND', 'no such game');
  });

  t.test('json is the document it always was; an unknown format is refused', async (t) => {
    const receiver = await startReceiver(t);
    const app = await hookedApp(t, receiver, await stores.location(t));
    const players = [{ name: '@everyone' }, { name: 'Bob' }];
    const plain = await create(app, { players, webhook: { url: receiver.url } });
    const asked = await create(app, { players, webhook: { url: receiver.url, format: 'json' } });
    t.equal(plain.webhook.format, 'json', 'json unless asked');
    for (const game of [plain, asked]) {
      receiver.secrets.set(game.id, game.webhook.secret);
      const [body] = await bodiesOf(app, receiver, game, 1);
      const sent = JSON.parse(body) as Record<string, unknown>;
      const { id, type, gameId, version, createdAt, data } = sent;
      t.equal(
        body,
        JSON.stringify({ id, type, gameId, version, createdAt, data }),
        'the members of the document, in its order',
      );
      t.same(data, { seat: 0, name: '@everyone', deadline: null }, 'the name as the player wrote it');
      t.ok(receiver.received.find((r) => r.gameId === game.id)!.verified, 'signed as ever');
    }

    for (const format of ['markdown', 'DISCORD', '', 7]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/games',
        payload: { players, webhook: { url: receiver.url, format } },
      });
      t.equal(refused.statusCode, 400, `creation with format ${JSON.stringify(format)}`);
      t.equal(refused.json<{ code: string }>().code, 'BAD_REQUEST');
      const put = await app.inject({
        method: 'PUT',
        url: `/games/${plain.id}/webhook`,
        headers: bearer(plain.adminToken),
        payload: { url: receiver.url, format },
      });
      t.equal(put.statusCode, 400, `PUT with format ${JSON.stringify(format)}`);
    }
    t.same(
      (await app.inject({ url: `/games/${plain.id}/webhook`, headers: bearer(plain.adminToken) })).json(),
      { url: receiver.url, format: 'json' },
      'a refused PUT changes nothing',
    );
  });
});

t.test('a chat format is under the same URL policy: refused at creation and with PUT as json would be', async (t) => {
  const app = await testApp(t, { webhooks: { allowHosts: parseAllowHosts('127.0.0.1:9') } });
  const players = [{ name: 'Ann' }, { name: 'Bob' }];
  const game = await create(app, { players });
  for (const format of ['discord', 'slack', 'json']) {
    for (const url of [
      'https://10.0.0.7/api/webhooks/1/x',
      'https://[::127.0.0.1]/services/T/B/x',
      'http://discord.com/api/webhooks/1/x',
      'https://user:pw@hooks.slack.com/services/T/B/x',
      'http://127.0.0.1:10/hook',
    ]) {
      const created = await app.inject({
        method: 'POST',
        url: '/games',
        payload: { players, webhook: { url, format } },
      });
      t.match(created, { statusCode: 422 }, `${format} ${url}: creation refused`);
      t.equal(created.json<{ code: string }>().code, 'WEBHOOK_URL_REFUSED');
      const put = await app.inject({
        method: 'PUT',
        url: `/games/${game.id}/webhook`,
        headers: bearer(game.adminToken),
        payload: { url, format },
      });
      t.equal(put.json<{ code: string }>().code, 'WEBHOOK_URL_REFUSED', `${format} ${url}: PUT refused`);
    }
    const listed = await app.inject({
      method: 'PUT',
      url: `/games/${game.id}/webhook`,
      headers: bearer(game.adminToken),
      payload: { url: 'http://127.0.0.1:9/hook', format },
    });
    t.equal(listed.statusCode, 200, `${format}: the listed host and port is taken`);
  }
});
