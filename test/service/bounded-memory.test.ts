/**
 * Memory stays bounded while thousands of games are active: the service keeps at most
 * `cacheSize` games in memory (CACHE_SIZE), and a game dropped from memory plays on exactly
 * as if it had stayed (its state is rebuilt from the log).
 */
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import {
  legalMoves,
  playInPlace,
  publicView,
  createGame as engineCreate,
  type Game,
  type Move,
} from '../../src/engine/index.js';
import { tokenDigest } from '../../src/service/lifecycle/seat-tokens.js';
import { openService } from '../helpers/service.js';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';

// Twenty times the cache: nearly every request of the round-robin misses it, as it did with
// 3000 games (a third more CPU for the same evictions and rebuilds).
const GAMES = 2000;
const CACHE = 100;
const ROUNDS = 3;

t.test(
  `${GAMES} active games with a cache of ${CACHE}: never more than ${CACHE} in memory, every game plays correctly`,
  async (t) => {
    const { service } = openService(t, ':memory:', { cacheSize: CACHE });
    const games: { id: string; tokens: string[]; mirror: Game }[] = [];
    let largest = 0;
    const watch = () => (largest = Math.max(largest, service.cachedGames));
    for (let i = 0; i < GAMES; i++) {
      const setup = {
        players: [{ name: 'A' }, { name: 'B' }],
        expansions: i % 2 ? (['abbey-mayor'] as const) : ([] as const),
        seed: `mem-${i}`,
      };
      const created = await service.create({ ...setup, expansions: [...setup.expansions] });
      const mirror = engineCreate({ ...setup, expansions: [...setup.expansions] });
      if (!mirror.ok) throw new Error(mirror.error.reason);
      games.push({ id: created.id, tokens: created.seats.map((s) => s.token), mirror: mirror.value.game });
      watch();
    }
    // Round-robin over all games: nearly every request is for a game no longer in memory.
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, game] of games.entries()) {
        const lm = JSON.parse(await service.legalMovesJson(game.id)) as {
          version: number;
          actor: number | null;
          moves: Move[];
        };
        watch();
        const expected = legalMoves(game.mirror);
        if (lm.actor !== expected.actor || lm.moves.length !== expected.moves.length) refused++;
        if (lm.actor === null) continue;
        const move = lm.moves[(i + round) % lm.moves.length];
        try {
          await service.submit(game.id, tokenDigest(game.tokens[lm.actor]), { expectedVersion: lm.version, move });
        } catch {
          refused++;
        }
        watch();
        // In place: the mirror is this test's own, and a copy of it for each of the 9000 moves
        // was a tenth of this file's time.
        const next = playInPlace(game.mirror, move);
        if (!next.ok) throw new Error(next.error.reason);
      }
    }
    t.equal(refused, 0, 'every game read and played as the engine says');
    t.ok(largest <= CACHE, `at most ${largest} games in memory`);
    t.equal(largest, CACHE, 'and the cache was used');
    let differ = 0;
    for (const game of games.filter((_, i) => i % 10 === 0)) {
      const { id: _id, version, ...state } = JSON.parse(await service.stateJson(game.id));
      const expected = { ...lifecycleMembers({ players: [{ name: 'A' }, { name: 'B' }] }), ...publicView(game.mirror) };
      if (version !== ROUNDS || !isDeepStrictEqual(state, JSON.parse(JSON.stringify(expected)))) differ++;
    }
    t.equal(differ, 0, 'states rebuilt from the log equal the engine playing the same moves');
  },
);
