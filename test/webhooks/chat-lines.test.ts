/**
 * What a chat webhook is sent for each event (`docs/webhooks.md`, "Formats"), written out: one
 * line, the game's link with a public URL and its id alone without; players' names never mention
 * anyone nor format anything, on Discord and on Slack; `json` is the delivery document itself.
 */
import t from 'tap';
import type { DeliveryPayload } from '../../src/storage/deliveries.js';
import { deliveryBody } from '../../src/service/webhooks/webhook-chat.js';

const ID = 'g_ame-1';
const LINK = 'https://carcassonne.example/base/play/game.html#id=g_ame-1';
const payload = (type: DeliveryPayload['type'], data: Record<string, unknown>): DeliveryPayload => ({
  id: 'wh_1',
  type,
  gameId: ID,
  version: 3,
  createdAt: '2026-12-01T16:40:55.600Z',
  data,
});
const discord = (p: DeliveryPayload, url: string | null = null) =>
  JSON.parse(deliveryBody('discord', p, url)) as { content: string; allowed_mentions: unknown };
const slack = (p: DeliveryPayload, url: string | null = null) =>
  (JSON.parse(deliveryBody('slack', p, url)) as { text: string }).text;

t.test('one line per event, with the link under PUBLIC_URL or the game id alone', async (t) => {
  const lines: [DeliveryPayload, string][] = [
    [payload('seatMustAct', { seat: 0, name: 'Ann', deadline: null }), "Ann, it's your turn in game `g_ame-1`"],
    [
      payload('seatMustAct', { seat: 1, name: 'Bob', deadline: '2026-12-02T16:40:55.600Z' }),
      "Bob, it's your turn in game `g_ame-1` (until 2026-12-02T16:40:55.600Z)",
    ],
    [payload('seatJoined', { seat: 1, name: 'Bob' }), 'Bob took seat 2 in game `g_ame-1`'],
    [payload('seatResigned', { seat: 1 }), 'Seat 2 resigned from game `g_ame-1`'],
    [payload('turnTimedOut', { seat: 0 }), 'Seat 1 ran out of time in game `g_ame-1`: its autopilot plays the turn'],
    [
      payload('gameFinished', {
        scores: [
          { seat: 0, name: 'Ann', score: 12 },
          { seat: 1, name: 'Bob', score: 9 },
        ],
      }),
      'The game `g_ame-1` is over (Ann 12, Bob 9)',
    ],
    [payload('gameAborted', {}), 'The game `g_ame-1` was aborted'],
  ];
  for (const [p, lead] of lines) {
    t.same(discord(p, 'https://carcassonne.example/base'), {
      content: `${lead}: ${LINK}`,
      allowed_mentions: { parse: [] },
    });
    t.equal(discord(p).content, `${lead}.`, `${p.type}: the game id alone without PUBLIC_URL`);
    t.equal(slack(p, 'https://carcassonne.example/base'), `${lead}: ${LINK}`);
    t.equal(slack(p), `${lead}.`);
  }
});

t.test('names are defused: no mention, no markup', async (t) => {
  const hostile = payload('gameFinished', {
    scores: [
      { seat: 0, name: '@everyone', score: 1 },
      { seat: 1, name: '<@123>', score: 2 },
      { seat: 2, name: '<!channel> & <#C1|x>', score: 3 },
      { seat: 3, name: '*[click](https://evil.example)*', score: 4 },
      { seat: 4, name: '[x](http://evil)', score: 5 },
      { seat: 5, name: '**bold** __u__ ~~s~~ ||spoiler||', score: 6 },
    ],
  });
  t.equal(
    discord(hostile).content,
    'The game `g_ame-1` is over (@\u200beveryone 1, \\<@\u200b123\\> 2, \\<!channel\\> & \\<\\#C1\\|x\\> 3, \\*\\[click\\]\\(https://evil.example\\)\\* 4, \\[x\\]\\(http://evil\\) 5, \\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| 6).',
  );
  t.equal(
    slack(hostile),
    'The game `g_ame-1` is over (@\u200beveryone 1, &lt;@\u200b123&gt; 2, &lt;!channel&gt; &amp; &lt;#C1|x&gt; 3, *[click](https://evil.example)* 4, [x](http://evil) 5, **bold** __u__ ~~s~~ ||spoiler|| 6).',
  );
  t.equal(
    slack(payload('seatJoined', { seat: 0, name: '@here' }), 'https://a.example/x&y'),
    '@\u200bhere took seat 1 in game `g_ame-1`: https://a.example/x&amp;y/play/game.html#id=g_ame-1',
    "Slack's links are escaped too",
  );
});

t.test('json is the delivery document, as stored', async (t) => {
  const p = payload('seatMustAct', { seat: 0, name: '@everyone', deadline: null });
  t.equal(deliveryBody('json', p, 'https://carcassonne.example'), JSON.stringify(p));
});
