import t from 'tap';
import { TWO_PLAYERS, testApp } from '../helpers/app.js';

const create = (name: string) => ({
  method: 'POST' as const,
  url: '/games',
  payload: { players: [{ name }, { name: 'Bob' }] },
});

t.test('a name is normalised to NFC and trimmed', async (t) => {
  const app = await testApp(t);
  const decomposed = 'Zoe\u0301'; // e + combining acute
  const res = await app.inject(create(`  ${decomposed}\t`));
  t.equal(res.statusCode, 201);
  t.equal(res.json().seats[0].name, 'Zo\u00e9', 'one spelling for one look, no surrounding space');
  const state = (await app.inject({ url: `/games/${res.json().id}` })).json();
  t.equal(state.players[0].name, 'Zo\u00e9');
  t.equal((await app.inject(create('علي'))).statusCode, 201, 'a right-to-left script is a name like any other');
  t.equal((await app.inject(create("Ann-Marie O'Neil 🎲"))).statusCode, 201);
});

t.test('a name holding what cannot be seen as itself is refused with 400 saying what and where', async (t) => {
  const app = await testApp(t);
  const cases: [string, string, RegExp][] = [
    ['\u202EnimdA', 'a bidi override', /body\/players\/0\/name must not contain a bidirectional control.*U\+202E/],
    ['Bob\u2066x\u2069', 'an isolate', /bidirectional control.*U\+2066/],
    ['Bob\u200E', 'a left-to-right mark', /bidirectional control.*U\+200E/],
    ['Bob\u200B', 'a zero-width space', /zero-width character.*U\+200B/],
    ['Bo\u200Db', 'a zero-width joiner', /zero-width character.*U\+200D/],
    ['Bo\uFEFFb', 'a BOM inside', /zero-width character.*U\+FEFF/],
    ['Bo\u00ADb', 'a soft hyphen', /invisible formatting character.*U\+00AD/],
    ['Bob\u0000', 'NUL', /control character.*U\+0000/],
    ['Bob\nAdmin', 'a line break', /control character.*U\+000A/],
    ['Bob\u0085', 'a C1 control', /control character/],
    ['Bob\u2028x', 'a line separator', /line or paragraph separator/],
    ['Bob\uD800', 'a lone surrogate', /lone surrogate.*U\+D800/],
    ['\uDC00', 'a lone low surrogate', /lone surrogate/],
    ['   ', 'spaces only', /must not be empty or only spaces/],
    ['\u3000\u00A0', 'other spaces only', /must not be empty or only spaces/],
  ];
  for (const [name, what, detail] of cases) {
    const res = await app.inject(create(name));
    t.equal(res.statusCode, 400, what);
    t.match(res.json(), { code: 'BAD_REQUEST', detail }, what);
  }
});

t.test('joining an open seat follows the same rules', async (t) => {
  const app = await testApp(t);
  const game = (
    await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { open: true }] } })
  ).json();
  const join = (name: string) =>
    app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/join`, payload: { name } });
  const refused = await join('Bob\u200B');
  t.equal(refused.statusCode, 400);
  t.match(refused.json().detail, /body\/name must not contain a zero-width character/);
  t.equal((await join(' ')).statusCode, 400);
  const joined = await join(' Cle\u0301o ');
  t.equal(joined.statusCode, 201);
  t.equal(joined.json().name, 'Cl\u00e9o');
  t.ok(TWO_PLAYERS);
});
