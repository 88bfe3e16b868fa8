/**
 * The clients' ladder methods against a real server (in-process, listening): the TypeScript
 * client's and the Python client's (run by python3 from clients/python) join the ladder, read
 * their entry, the ladder and the sequential test between two bots, and leave.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import t from 'tap';
import { CarcassonneClient } from '../../clients/typescript/src/index.js';
import { ladderNode } from './helpers.js';

const root = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

t.test('the TypeScript client: join the ladder, read it and the SPRT, leave', async (t) => {
  const { app, round } = await ladderNode(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const ann = await client.createAccount({ name: 'TsLadderAnn', kind: 'bot' });
  const bob = await client.createAccount({ name: 'TsLadderBob', kind: 'bot' });
  t.match(await client.joinLadder(ann.key, 2), { name: 'TsLadderAnn', maxGames: 2 });
  await client.joinLadder(bob.key, 4);
  t.match(await client.getMyLadderEntry(bob.key), { name: 'TsLadderBob', maxGames: 4 });
  const started = await round();
  t.equal(started.started.length, 1);
  const ladder = await client.getLadder();
  t.same(
    ladder.bots.map((b) => [b.name, b.playing]),
    [
      ['TsLadderAnn', 2],
      ['TsLadderBob', 2],
    ],
  );
  const test = await client.getLadderSprt({ a: 'TsLadderAnn', b: 'TsLadderBob', alpha: 0.1 });
  t.match(test, { pairs: 0, verdict: 'continue', parameters: { alpha: 0.1, beta: 0.05 } });
  await client.leaveLadder(ann.key);
  t.same(
    (await client.getLadder()).bots.map((b) => b.name),
    ['TsLadderBob'],
  );
});

t.test('the Python client: join the ladder, read it and the SPRT, leave', async (t) => {
  const { app } = await ladderNode(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const script = `
import json, sys
from carcassonne_client import CarcassonneClient
c = CarcassonneClient(sys.argv[1])
a = c.create_account("PyLadderAnn", "bot")
b = c.create_account("PyLadderBob", "bot")
joined = c.join_ladder(a["key"], 2)
c.join_ladder(b["key"], 2)
entry = c.get_my_ladder_entry(b["key"])
ladder = c.get_ladder()
sprt = c.get_ladder_sprt("PyLadderAnn", "PyLadderBob", elo1=100, alpha=0.1)
c.leave_ladder(a["key"])
print(json.dumps({"joined": joined, "entry": entry, "ladder": ladder, "sprt": sprt, "after": c.get_ladder()}))
`;
  const { stdout } = await run('python3', ['-c', script, base], { cwd: `${root}clients/python` });
  const out = JSON.parse(stdout);
  t.match(out.joined, { name: 'PyLadderAnn', maxGames: 2 });
  t.match(out.entry, { name: 'PyLadderBob', maxGames: 2 });
  t.same(
    out.ladder.bots.map((b: { name: string }) => b.name),
    ['PyLadderAnn', 'PyLadderBob'],
  );
  t.match(out.sprt, { verdict: 'continue', parameters: { elo0: 0, elo1: 100, alpha: 0.1 } });
  t.same(
    out.after.bots.map((b: { name: string }) => b.name),
    ['PyLadderBob'],
  );
});
