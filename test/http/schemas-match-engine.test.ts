/**
 * The engine's moves, events and view members are declared once, as schemas (the engine's
 * types are Static<> of them), and the HTTP schemas are built from the registry's. A random
 * game checks at run time that no response drops or reshapes anything the engine produced (a
 * response schema filters what it does not name) and that everything matches its schema.
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { Compile } from 'typebox/compile';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';
import {
  createGame as engineCreate,
  legalMoves as engineLegal,
  play as enginePlay,
  publicView,
  type GameEvent,
  type GameSetup,
} from '../../src/engine/index.js';
import { chooser } from '../helpers/random-play.js';
import { bearer, createGame, testApp } from './helpers/app.js';
import { conforms, SCHEMAS } from './helpers/schema.js';

const { CreatedGameResponse, GameEventSchema, GameStateSchema, LegalMovesResponse, MoveAcceptedResponse } = SCHEMAS;

/** Equal as JSON documents (member order aside). */
const sameJson = (actual: unknown, expected: unknown) =>
  isDeepStrictEqual(actual, JSON.parse(JSON.stringify(expected)));

const setups = [
  { players: [{ name: 'A' }, { name: 'B' }], seed: 'base-1' },
  {
    players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: 'all-1',
  },
  {
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['abbey-mayor'],
    rules: { endgameAbbeys: 'final-round', wagonMove: 'c1' },
    seed: 'am-1',
  },
] as const;

for (const setup of setups) {
  t.test(`every response of a whole game equals the engine's own answer (${setup.seed})`, async (t) => {
    const app = await testApp(t);
    const game = await createGame(app, setup);
    const created = engineCreate(structuredClone(setup) as unknown as GameSetup);
    if (!created.ok) throw new Error(created.error.reason);
    let local = created.value.game;
    conforms(t, CreatedGameResponse, { ...game, events: created.value.events }, 'created game');
    const choose = chooser(setup.seed);
    let mismatches = 0;
    for (let step = 0; step < 2000; step++) {
      const lm = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
      const expectedLegal = engineLegal(local);
      if (!sameJson(lm, { version: step, ...expectedLegal })) {
        mismatches++;
        t.same(lm, { version: step, ...expectedLegal }, `step ${step}: legal moves are the engine's`);
      }
      if (lm.actor === null) break;
      const move = lm.moves[choose(lm.moves.length)];
      const res = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: bearer(game.seats[lm.actor].token),
        payload: { expectedVersion: step, move },
      });
      const played = enginePlay(local, move);
      if (!played.ok || res.statusCode !== 201) {
        t.fail(`step ${step}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        break;
      }
      local = played.value.game;
      // The service adds the lifecycle's members: the pile's mode, not rated, and the seats (all named here).
      const expected = {
        version: step + 1,
        events: played.value.events,
        state: { id: game.id, version: step + 1, ...lifecycleMembers(setup), ...publicView(local) },
      };
      if (!sameJson(res.json(), expected)) {
        mismatches++;
        t.same(res.json(), expected, `step ${step}: the response carries everything the engine gave`);
      }
      if (step % 25 === 0) {
        conforms(t, MoveAcceptedResponse, res.json(), `step ${step} response`);
        conforms(t, LegalMovesResponse, lm, `step ${step} legal moves`);
      }
    }
    t.equal(mismatches, 0, 'no response differed from the engine');
    const finalState = (await app.inject({ url: `/games/${game.id}` })).json();
    t.equal(finalState.status, 'finished', 'the game was played to the end');
    conforms(t, GameStateSchema, finalState, 'final state');
    const events = (await app.inject({ url: `/games/${game.id}/events` })).json();
    const checkEvent = Compile(GameEventSchema);
    const all: GameEvent[] = events.events.flatMap((b: { events: GameEvent[] }) => b.events);
    const odd = all.filter((e) => !checkEvent.Check(e));
    t.same(odd, [], `all ${all.length} events match the event schema`);
  });
}
