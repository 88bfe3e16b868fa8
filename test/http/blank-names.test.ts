/**
 * Names that show blank or look exactly like another (`src/http/player-name.ts`), refused at
 * creation and at a join; names of every script and emoji presentation are kept.
 */
import t from 'tap';
import { testApp } from './helpers/app.js';

const create = (name: string) => ({
  method: 'POST' as const,
  url: '/games',
  payload: { players: [{ name }, { name: 'Bob' }] },
});

const BLANK = ['\u3164', '\u2800', '\uFFA0', '\u115F\u1160', '\u0301\u0302', '\uFE0F\uFE0E'];
const LOOK_ALIKES = ['Bob\u3164', 'Bob\u034F', 'Bob\uFE0F', 'B\uFE0Eob', 'Bob\u2800'];

t.test('names that show blank or look like another name are refused with 400, at creation and join', async (t) => {
  const app = await testApp(t);
  for (const name of [...BLANK, ...LOOK_ALIKES]) {
    const res = await app.inject(create(name));
    const shown = [...name].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).join(' ');
    t.equal(res.statusCode, 400, `${shown} refused`);
    t.match(res.json(), { code: 'BAD_REQUEST', detail: /body\/players\/0\/name must/ }, shown);
  }
  const game = (
    await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { open: true }] } })
  ).json();
  for (const name of [...BLANK, ...LOOK_ALIKES]) {
    const res = await app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/join`, payload: { name } });
    t.equal(res.statusCode, 400, `join: ${JSON.stringify(name)} refused`);
    t.match(res.json().detail, /body\/name must/);
  }
});

t.test('names with emoji presentation, marks on letters and scripts of every width are kept', async (t) => {
  const app = await testApp(t);
  for (const name of [
    '\u2764\uFE0F Ann',
    '\uD83C\uDFB2 Bob',
    'Zo\u00E9',
    'Zoe\u0301',
    '\uD55C\uAE00',
    '\u5F20\u4F1F',
    '1\uFE0F\u20E3',
  ]) {
    const res = await app.inject(create(name));
    t.equal(res.statusCode, 201, `${JSON.stringify(name)} kept`);
  }
});
