/**
 * Random Traders & Builders games checked against an independent rebuild of roads, cities and
 * fields from the public view (tile ids, positions, rotations and the catalog): goods tokens,
 * builders' second parts and pigs.
 */
import t from 'tap';
import { DIRECTIONS, legalMoves, play, publicView, type PublicState } from '../../../src/engine/index.js';
import { GOODS } from '../../../src/engine/expansions/traders-builders/vocabulary.js';
import { TILE_DEFS } from '../../../src/engine/catalog-data.js';
import { DEFAULT_REGISTRY } from '../../../src/engine/expansions/index.js';
import { playRandom, randomSetup } from '../../helpers/random-play.js';

// An independent rebuild of roads, cities and fields from the public view (tile ids, positions,
// rotations and the catalog), to check the engine's goods, builders and pigs against it.

const DEFS = new Map([...TILE_DEFS, ...DEFAULT_REGISTRY.modules.flatMap((m) => m.tiles ?? [])].map((d) => [d.id, d]));
const STEP = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
] as const;

interface Board {
  find(x: number, y: number, feature: number): string;
  open: Map<string, number>;
  kind(x: number, y: number, feature: number): string;
  segments: { x: number; y: number; feature: number; goods?: string }[];
}

function rebuild(v: PublicState): Board {
  const at = new Map(v.tiles.map((p) => [`${p.x},${p.y}`, p]));
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  const union = (a: string, b: string) => {
    const ra = find(a),
      rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  const ends: [string, number][] = [];
  const segments: Board['segments'] = [];
  for (const p of v.tiles) {
    const q = p.rotation / 90;
    DEFS.get(p.tile)!.features.forEach((f, i) => {
      const me = `${p.x},${p.y},${i}`;
      find(me);
      if (f.kind === 'city') segments.push({ x: p.x, y: p.y, feature: i, goods: f.goods });
      if (f.kind === 'road' || f.kind === 'city') {
        for (const e of f.edges) {
          const d = (DIRECTIONS.indexOf(e) + q) % 4;
          const nb = at.get(`${p.x + STEP[d][0]},${p.y + STEP[d][1]}`);
          if (!nb) {
            ends.push([me, 1]);
            continue;
          }
          const nq = nb.rotation / 90;
          const j = DEFS.get(nb.tile)!.features.findIndex(
            (g) =>
              (g.kind === 'road' || g.kind === 'city') &&
              g.edges.some((ge) => (DIRECTIONS.indexOf(ge) + nq) % 4 === (d + 2) % 4),
          );
          union(me, `${nb.x},${nb.y},${j}`);
        }
      }
      if (f.kind === 'field') {
        for (const h of f.halfEdges) {
          const d = (DIRECTIONS.indexOf(h[0] as 'N') + q) % 4;
          const nb = at.get(`${p.x + STEP[d][0]},${p.y + STEP[d][1]}`);
          if (!nb) continue;
          // My left half meets the neighbour's right half of the opposite edge, and vice versa.
          const want = `${(d + 2) % 4}${h[1] === 'L' ? 'R' : 'L'}`;
          const nq = nb.rotation / 90;
          const j = DEFS.get(nb.tile)!.features.findIndex(
            (g) =>
              g.kind === 'field' &&
              g.halfEdges.some((gh) => `${(DIRECTIONS.indexOf(gh[0] as 'N') + nq) % 4}${gh[1]}` === want),
          );
          union(me, `${nb.x},${nb.y},${j}`);
        }
      }
    });
  }
  const open = new Map<string, number>();
  for (const [k, n] of ends) open.set(find(k), (open.get(find(k)) ?? 0) + n);
  return {
    find: (x, y, f) => find(`${x},${y},${f}`),
    open,
    kind: (x, y, f) => DEFS.get(at.get(`${x},${y}`)!.tile)!.features[f].kind,
    segments,
  };
}

/** Goods symbols of every completed city on the board, per good. */
function completedSymbols(b: Board): number[] {
  const n = [0, 0, 0];
  for (const s of b.segments) {
    if (s.goods && !b.open.has(b.find(s.x, s.y, s.feature))) n[GOODS.indexOf(s.goods as 'wine')] += 1;
  }
  return n;
}

t.test("random games with Traders & Builders keep the expansion's invariants", async (t) => {
  const GAMES = 30;
  let bonusParts = 0,
    goodsAwards = 0,
    builders = 0,
    pigs = 0;
  for (let i = 0; i < GAMES; i++) {
    const setup = randomSetup(`tb-${i}`, 2 + (i % 4), ['traders-builders']);
    let bonusDue: boolean | null = null;
    let inBonus = false;
    let lastStartSeat = -1;
    const fail = (msg: string) => t.fail(`game ${i}: ${msg}`);
    let cached: { n: number; b: Board } | null = null;
    const board = (v: PublicState): Board => {
      if (cached?.n !== v.tiles.length) cached = { n: v.tiles.length, b: rebuild(v) };
      return cached.b;
    };
    let scoredGoods = 0;
    const check = (v: PublicState) => {
      const b = board(v);
      const symbols = completedSymbols(b);
      GOODS.forEach((g, k) => {
        const held = v.goods!.reduce((sum, c) => sum + c[g], 0);
        if (held > symbols[k]) fail(`${held} ${g} tokens but ${symbols[k]} symbols in completed cities`);
        if (v.phase !== 'placeFigure' && held !== symbols[k]) fail(`${g}: ${held} tokens != ${symbols[k]} symbols`);
      });
      for (const p of v.players) {
        for (const kind of ['builder', 'pig'] as const) {
          const onBoard = v.figures.filter((f) => f.owner === p.seat && f.kind === kind).length;
          if (p.supply[kind]! + onBoard !== 1)
            fail(`seat ${p.seat} ${kind}: supply ${p.supply[kind]} + board ${onBoard}`);
        }
      }
      for (const f of v.figures) {
        if (f.kind !== 'builder' && f.kind !== 'pig') continue;
        const kind = b.kind(f.x, f.y, f.feature!);
        const root = b.find(f.x, f.y, f.feature!);
        const mates = v.figures.filter(
          (m) => m.kind === 'meeple' && m.owner === f.owner && b.find(m.x, m.y, m.feature!) === root,
        );
        if (f.kind === 'builder') {
          builders++;
          if (kind !== 'road' && kind !== 'city') fail(`builder on a ${kind}`);
          if (v.phase !== 'placeFigure' && v.status === 'active' && (mates.length === 0 || !b.open.has(root))) {
            fail(`builder at ${f.x},${f.y} without its owner's follower or on a complete feature`);
          }
        } else {
          pigs++;
          if (kind !== 'field' || mates.length === 0)
            fail(`pig at ${f.x},${f.y} on a ${kind} without its owner's farmer`);
        }
      }
    };
    const { game } = playRandom(setup, `tb-choice-${i}`, (g, move) => {
      const before = publicView(g);
      const r = play(g, move);
      if (!r.ok) return;
      const after = publicView(r.value.game);
      if (move.type === 'placeTile' && !inBonus) {
        // docs/rules.md §2.5: the tile extends a road or city that held the active player's builder.
        const b = board(after);
        const t0 = DEFS.get(after.tiles[after.tiles.length - 1].tile)!;
        const roots = new Set(
          t0.features.map((f, k) => (f.kind === 'road' || f.kind === 'city' ? b.find(move.x, move.y, k) : '')),
        );
        const mine = before.figures.filter((f) => f.kind === 'builder' && f.owner === before.activeSeat);
        bonusDue = mine.some((f) => roots.has(b.find(f.x, f.y, f.feature!))) && after.tilesLeftTotal > 0;
      }
      for (const e of r.value.events) {
        if (e.type === 'goodsScored') scoredGoods += e.points.reduce((a, p) => a + p.points, 0);
        if (e.type === 'goodsAwarded') {
          goodsAwards++;
          if (e.seat !== before.activeSeat) fail(`goods to seat ${e.seat}, active ${before.activeSeat}`);
        }
        if (e.type === 'bonusPartStarted') {
          bonusParts++;
          if (inBonus) fail('a bonus part followed a bonus part');
          if (e.seat !== lastStartSeat) fail('a bonus part for another seat');
          if (bonusDue !== true) fail("a bonus part without extending the builder's feature");
          inBonus = true;
          bonusDue = null;
        }
        if (e.type === 'turnStarted' || e.type === 'finalScoringStarted') {
          if (bonusDue === true) fail("the builder's feature was extended but no bonus part followed");
          bonusDue = null;
          inBonus = false;
          if (e.type === 'turnStarted') lastStartSeat = e.seat;
        }
      }
      if (after.bonusPart && after.status === 'active' && legalMoves(r.value.game).actor !== after.activeSeat) {
        fail('another seat acts during a bonus part');
      }
      check(after);
    });
    const v = publicView(game);
    t.equal(v.status, 'finished');
    // Final goods scoring as recomputed from the tokens.
    const end = v.goods!;
    const expected = GOODS.reduce((sum, g) => {
      const best = Math.max(...end.map((c) => c[g]));
      return sum + (best > 0 ? end.filter((c) => c[g] === best).length * 10 : 0);
    }, 0);
    if (scoredGoods !== expected) fail(`goods scoring gave ${scoredGoods}, expected ${expected}`);
  }
  // The games must actually exercise what they check.
  t.ok(bonusParts > 0, `bonus parts seen: ${bonusParts}`);
  t.ok(goodsAwards > 0, `goods awards seen: ${goodsAwards}`);
  t.ok(builders > 0 && pigs > 0, `builder/pig sightings: ${builders}/${pigs}`);
});
