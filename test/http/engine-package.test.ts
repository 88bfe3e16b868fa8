/**
 * The engine and the bots as a bot author imports them: through the package's own name
 * (`carcassonne-api/engine`, `carcassonne-api/bots`: package.json `exports`, built into dist/
 * with their types). A game played against the server with moves chosen by the imported greedy
 * bot: at every version the local engine's legal moves and scores equal the server's, both for
 * the same setup replayed locally and for the game rebuilt from the public log alone.
 */
import t from 'tap';
import { chooseMove, PublicGame } from 'carcassonne-api/bots';
import {
  createGame as createLocal,
  legalMoves,
  playInPlace,
  publicView,
  type GameEvent,
  type GameSetup,
  type Move,
  type PublicState,
} from 'carcassonne-api/engine';
import { bearer, testApp } from './helpers/app.js';

t.test('the imported engine answers the server legal moves and scores, move by move, to the end', async (t) => {
  const app = await testApp(t);
  const setup: GameSetup = {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: 'engine-package',
  };
  const created = await app.inject({ method: 'POST', url: '/games', payload: setup });
  t.equal(created.statusCode, 201);
  const game = created.json<{ id: string; seats: { token: string }[]; events: GameEvent[]; state: PublicState }>();
  const local = createLocal(setup);
  if (!local.ok) throw new Error(local.error.reason);
  const same = local.value.game;
  t.same(local.value.events, game.events, 'the same creation events');
  const rebuilt = new PublicGame({ state: game.state, created: game.events, log: [] });

  let mismatches = 0;
  for (let version = 0; ; version++) {
    const server = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json<{
      version: number;
      actor: number | null;
      phase: string;
      moves: Move[];
    }>();
    const state = (await app.inject({ url: `/games/${game.id}` })).json<{ scores: number[]; status: string }>();
    for (const [name, g] of [
      ['same setup', same],
      ['rebuilt from the log', rebuilt.game()],
    ] as const) {
      const mine = legalMoves(g);
      if (
        JSON.stringify({ actor: mine.actor, phase: mine.phase, moves: mine.moves }) !==
        JSON.stringify({ actor: server.actor, phase: server.phase, moves: server.moves })
      ) {
        mismatches++;
        t.fail(`${name}: legal moves differ at version ${version}`);
      }
      if (JSON.stringify(publicView(g).scores) !== JSON.stringify(state.scores)) {
        mismatches++;
        t.fail(`${name}: scores differ at version ${version}`);
      }
    }
    if (server.actor === null) {
      t.equal(state.status, 'finished');
      t.ok(version > 100, `a whole game: ${version} moves`);
      break;
    }
    const { move } = chooseMove('greedy', rebuilt.game(), server.actor, { seed: `g${version}` });
    const played = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { ...bearer(game.seats[server.actor].token), prefer: 'return=minimal' },
      payload: { expectedVersion: version, move },
    });
    if (played.statusCode !== 201) throw new Error(`move ${version + 1}: ${played.statusCode} ${played.body}`);
    const { events } = played.json<{ events: GameEvent[] }>();
    const result = playInPlace(same, move);
    if (!result.ok) throw new Error(result.error.reason);
    if (version % 25 === 0) t.same(result.value, events, `the same events for move ${version + 1}`);
    rebuilt.push(move, events);
  }
  t.equal(mismatches, 0, 'no version where the engine and the server disagree');
});
