/**
 * The HTTP schemas restate the engine's types; these checks keep the two in step. The type
 * assertions fail `tsc`; the random game fails at run time when a response drops or
 * reshapes anything the engine produced (a response schema filters what it does not name).
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  createGame as engineCreate,
  legalMoves as engineLegal,
  play as enginePlay,
  publicView,
  type GameEvent,
  type GameSetup,
  type Move,
  type PublicState,
} from '../../src/engine/index.js';
import { GameEventSchema } from '../../src/http/schemas/events.js';
import { CreatedGameResponse, MoveAcceptedResponse } from '../../src/http/schemas/games.js';
import { MoveSchema } from '../../src/http/schemas/moves.js';
import { GameStateSchema, LegalMovesResponse } from '../../src/http/schemas/state.js';
import { chooser } from '../helpers/random-play.js';
import { bearer, createGame, testApp } from './helpers/app.js';
import { conforms } from './helpers/schema.js';

/** Equal as JSON documents (member order aside). */
const sameJson = (actual: unknown, expected: unknown) => isDeepStrictEqual(actual, JSON.parse(JSON.stringify(expected)));

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const moveTypesAgree: Same<Static<typeof MoveSchema>, Move> = true;
const eventTypesAgree: Same<Static<typeof GameEventSchema>, GameEvent> = true;
// The service adds the lifecycle's members (`pile`, `seats`, `clock`) and statuses (`waiting`, `aborted`).
type ServiceMembers = 'id' | 'version' | 'pile' | 'seats' | 'clock' | 'status';
const stateTypesAgree: Same<Omit<Static<typeof GameStateSchema>, ServiceMembers>, Omit<PublicState, 'status'>> = true;
const statusesAgree: PublicState['status'] extends Static<typeof GameStateSchema>['status'] ? true : false = true;

t.ok(moveTypesAgree && eventTypesAgree && stateTypesAgree && statusesAgree, 'schemas and engine types agree');


const setups = [
  { players: [{ name: 'A' }, { name: 'B' }], seed: 'base-1' },
  { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], expansions: ['traders-builders', 'abbey-mayor'], seed: 'all-1' },
  { players: [{ name: 'A' }, { name: 'B' }], expansions: ['abbey-mayor'], rules: { endgameAbbeys: 'final-round', wagonMove: 'c1' }, seed: 'am-1' },
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
      // The service adds the lifecycle's members: the pile's mode and the seats (all named here).
      const seats = setup.players.map((p, seat) => ({ seat, kind: 'human', name: p.name, resigned: false }));
      const expected = { version: step + 1, events: played.value.events, state: { id: game.id, version: step + 1, pile: 'seeded', seats, ...publicView(local) } };
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
