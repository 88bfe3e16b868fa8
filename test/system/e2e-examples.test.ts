/**
 * The eight worked games of test/fixtures/examples, each step over real HTTP against a server
 * process with a real database file (their format: the Example type of test/helpers/examples.ts).
 */
import t, { type Test } from 'tap';
import { figuresMatch, loadExamples, matches, type Example } from '../helpers/examples.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer, type Client } from '../helpers/server-process.js';

const same = (a: unknown, b: unknown) => matches(a, b) && matches(b, a);

async function runExample(t: Test, api: Client, example: Example): Promise<void> {
  const created = await api.post('/games', example.create);
  t.equal(created.status, 201, 'created');
  if (created.status !== 201) return;
  const { id, seats } = created.body as { id: string; seats: { token: string }[] };
  const auth = (seat: number) => ({ authorization: `Bearer ${seats[seat].token}` });

  for (const [i, step] of example.steps.entries()) {
    const at = `step ${i}`;
    if ('move' in step) {
      const lm = (await api.get(`/games/${id}/legal-moves`)).body;
      t.equal(lm.actor, step.seat, `${at}: seat ${step.seat} must act`);
      t.ok(
        lm.moves.some((m: unknown) => same(m, step.move)),
        `${at}: ${JSON.stringify(step.move)} is listed`,
      );
      const res = await api.post(
        `/games/${id}/moves`,
        { expectedVersion: lm.version, move: step.move },
        auth(step.seat),
      );
      t.equal(res.status, 201, `${at}: accepted`, res.status === 201 ? {} : { body: res.body });
      if (res.status !== 201) return;
      t.equal(res.body.version, lm.version + 1, `${at}: version one higher`);
    } else if ('expectLegal' in step) {
      const e = step.expectLegal;
      const lm = (await api.get(`/games/${id}/legal-moves`)).body;
      if ('actor' in e) t.equal(lm.actor, e.actor, `${at}: actor`);
      for (const m of e.includes ?? [])
        t.ok(
          lm.moves.some((l: unknown) => matches(l, m)),
          `${at}: lists ${JSON.stringify(m)}`,
        );
      for (const m of e.excludes ?? [])
        t.notOk(
          lm.moves.some((l: unknown) => matches(l, m)),
          `${at}: does not list ${JSON.stringify(m)}`,
        );
      if (e.exactly) {
        const got = lm.moves.filter((l: unknown) => matches(l, e.exactly!.filter));
        t.ok(figuresMatch(got, e.exactly.moves), `${at}: exactly ${JSON.stringify(e.exactly.moves)}`, { got });
      }
    } else if ('expectIllegal' in step) {
      const { seat, move } = step.expectIllegal;
      const lm = (await api.get(`/games/${id}/legal-moves`)).body;
      t.notOk(
        lm.moves.some((l: unknown) => matches(l, move)),
        `${at}: not listed`,
      );
      const res = await api.post(`/games/${id}/moves`, { expectedVersion: lm.version, move }, auth(seat));
      t.equal(res.status, 422, `${at}: refused with 422`);
      t.match(res.headers.get('content-type'), /^application\/problem\+json/);
      t.type(res.body.code, 'string', `${at}: with a code`);
      t.equal((await api.get(`/games/${id}`)).body.version, lm.version, `${at}: version unchanged`);
    } else {
      const e = step.expect;
      const state = (await api.get(`/games/${id}`)).body;
      if (e.scores) t.same(state.scores, e.scores, `${at}: scores`);
      if (e.scores)
        t.same(
          state.players.map((p: { score: number }) => p.score),
          e.scores,
          `${at}: players' scores`,
        );
      if (e.status) t.equal(state.status, e.status, `${at}: status`);
      if (e.goods) t.ok(matches(state.goods, e.goods), `${at}: goods`, { got: state.goods, want: e.goods });
      if (e.figures)
        t.ok(figuresMatch(state.figures, e.figures), `${at}: figures`, { got: state.figures, want: e.figures });
      if ('actor' in e) t.equal(state.actor, e.actor, `${at}: actor`);
    }
  }
}

t.test('the worked examples, over HTTP', async (t) => {
  const server = await startServer(t, tempDatabase(t));
  const api = client(server.url);
  for (const { file, example } of loadExamples()) {
    await t.test(`${example.name} (${file})`, (t) => runExample(t, api, example));
  }
});
