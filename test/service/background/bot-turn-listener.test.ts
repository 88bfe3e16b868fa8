/**
 * What the bot driver is told (`GameService.listenForBotTurns`): each commit or creation of this
 * process after which a bot or an autopilot must act, decided on the snapshot the commit left,
 * and nothing else. Every way a turn can pass to a bot is here: a creation with a bot first, a
 * player's move ending their turn, a join that starts the game, a resign, a seat handed to a
 * bot, a turn timed out. One service on a real SQLite file; what another node's commits cost
 * is `bot-driver.test.ts`'s.
 */
import t from 'tap';
import type { Move } from '../../../src/engine/index.js';
import type { CreateGameInput, GameService } from '../../../src/service/game-service.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { openService } from '../../helpers/service.js';
import { tempDatabase } from '../../helpers/temp-database.js';

function listening(service: GameService) {
  const told: string[] = [];
  service.listenForBotTurns((id) => told.push(id));
  /** The games the driver was told of while `act` ran. */
  return async (act: () => Promise<unknown>): Promise<string[]> => {
    told.length = 0;
    await act();
    return [...told];
  };
}

async function turn(service: GameService, id: string) {
  return JSON.parse(await service.legalMovesJson(id)) as { version: number; actor: number | null; moves: Move[] };
}

t.test('the driver is told of exactly the commits after which a bot must act', async (t) => {
  const { service } = openService(t, tempDatabase(t));
  const during = listening(service);
  let id = '';
  const create = (input: CreateGameInput) => async () => {
    const created = await service.create(input);
    id = created.id;
    return created;
  };

  t.test('a creation', async (t) => {
    t.same(await during(create({ players: [{ bot: 'greedy' }, { name: 'Ann' }] })), [id], 'with a bot first: told');
    t.same(
      await during(create({ players: [{ name: 'Ann' }, { bot: 'greedy' }] })),
      [],
      'with a player first: not told',
    );
  });

  t.test("a player's moves: only the one that ends the turn before a bot's", async (t) => {
    const created = await service.create({ players: [{ name: 'Ann' }, { bot: 'greedy' }, { name: 'Bob' }] });
    const ann = tokenDigest(created.seats[0].token!);
    const told: boolean[] = [];
    for (let lm = await turn(service, created.id); lm.actor === 0; lm = await turn(service, created.id)) {
      const now = lm;
      told.push(
        (await during(() => service.submit(created.id, ann, { expectedVersion: now.version, move: now.moves.at(-1)! })))
          .length > 0,
      );
    }
    t.ok(told.length >= 2, `Ann's turn took ${told.length} moves`);
    t.same(told, [...told.slice(0, -1).map(() => false), true]);
  });

  t.test('a join', async (t) => {
    await create({ players: [{ bot: 'random' }, { open: true }] })();
    const botFirst = id;
    t.same(
      await during(() => service.lifecycle.join(botFirst, 1, 'Bob')),
      [botFirst],
      "that starts the game on a bot's turn: told",
    );
    await create({ players: [{ open: true }, { bot: 'random' }] })();
    t.same(
      await during(() => service.lifecycle.join(id, 0, 'Ann')),
      [],
      "that starts it on the player's own turn: not told",
    );
  });

  t.test('a resign', async (t) => {
    const created = await service.create({ players: [{ name: 'Ann' }, { name: 'Bob' }] });
    const [ann, bob] = created.seats.map((s) => tokenDigest(s.token));
    t.same(
      await during(() => service.lifecycle.resign(created.id, bob, 1)),
      [],
      'of a player waiting for their turn: not told',
    );
    t.same(
      await during(() => service.lifecycle.resign(created.id, ann, 0)),
      [created.id],
      'of the player to act: told (the autopilot plays)',
    );
  });

  t.test('a seat handed to a bot', async (t) => {
    const created = await service.create({ players: [{ name: 'Ann' }, { name: 'Bob' }] });
    const admin = tokenDigest(created.adminToken);
    t.same(
      await during(() => service.lifecycle.handToBot(created.id, admin, 1, { bot: 'random' })),
      [],
      'a seat waiting for its turn: not told',
    );
    t.same(
      await during(() => service.lifecycle.handToBot(created.id, admin, 0, { bot: 'greedy' })),
      [created.id],
      'the seat to act: told',
    );
  });

  t.test('a turn timed out: told (the autopilot plays it)', async (t) => {
    const created = await service.create({ players: [{ name: 'Ann' }, { name: 'Bob' }], clock: { turnSeconds: 30 } });
    const { version } = await turn(service, created.id);
    t.same(await during(() => service.lifecycle.timeOut(created.id, version)), [created.id]);
  });

  t.test("an abort: not told, even on a bot's turn", async (t) => {
    const created = await service.create({ players: [{ bot: 'random' }, { name: 'Ann' }] });
    t.same(await during(() => service.lifecycle.abort(created.id, tokenDigest(created.adminToken))), []);
  });
});
