/**
 * Random complete games checking the engine's invariants: every listed move (undo too: the
 * games take some) is accepted and
 * every probed unlisted move refused (without change); replay of the log equals the live
 * game; figures are conserved; scores never go down; every tile ends placed or discarded;
 * the public view never shows the seed or the pile order.
 */
import t, { type Test } from 'tap';
import {
  CORNERS,
  PLACEABLE_FIGURES,
  ROTATIONS,
  legalMoves,
  play,
  playInPlace,
  publicView,
  replay,
  type Game,
  type GameSetup,
  type Move,
  type PublicState,
} from '../../src/engine/index.js';
import { seededRandom } from '../../src/engine/rng.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';

const GAMES = Number(process.env.RANDOM_GAMES ?? 60);

// A move's identity: its JSON. The listed moves are keyed once per step, so that each probe is
// a set lookup instead of a comparison with every listed move (that comparison was a third of
// this file's time).
const key = (m: Move) => JSON.stringify(m);

/** Moves a careless or hostile client might send at a point whose public view is `v`. */
function probes(v: PublicState, rnd: () => number): Move[] {
  const last = v.tiles[v.tiles.length - 1];
  const near = () => Math.floor(rnd() * 9) - 4;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const rot = pick(ROTATIONS);
  const corner = pick(CORNERS);
  const figure = pick(PLACEABLE_FIGURES);
  return [
    { type: 'placeTile', x: near(), y: near(), rotation: rot },
    { type: 'placeFigure', figure, x: last.x, y: last.y, feature: Math.floor(rnd() * 10) - 1 },
    { type: 'placeFigure', figure: 'meeple', x: near(), y: near(), feature: 0 },
    { type: 'placeBarn', x: last.x, y: last.y, corner },
    { type: 'placeAbbey', x: near(), y: near() },
    { type: 'moveWagon', x: near(), y: near(), feature: Math.floor(rnd() * 4) },
    { type: 'pass' },
    { type: 'draw' },
    { type: 'returnWagon' },
    { type: 'undo' },
  ];
}

const TOTAL_FIGURES: Record<string, number> = {
  meeple: 7,
  builder: 1,
  pig: 1,
  mayor: 1,
  wagon: 1,
  barn: 1,
  largeMeeple: 1,
};
/** Land tiles each expansion adds to the pile. */
const PILE_TILES: Record<string, number> = { 'traders-builders': 24, 'abbey-mayor': 12, 'inns-cathedrals': 18 };

function checkFigures(t: Test, v: PublicState, setup: GameSetup): void {
  for (const p of v.players) {
    for (const [kind, inSupply] of Object.entries(p.supply)) {
      const onBoard = v.figures.filter((f) => f.owner === p.seat && f.kind === kind).length;
      const pending = kind === 'wagon' ? v.pendingWagons.filter((w) => w.seat === p.seat).length : 0;
      if (inSupply + onBoard + pending !== TOTAL_FIGURES[kind]) {
        t.fail(`figures of seat ${p.seat} kind ${kind} not conserved (${setup.seed})`);
      }
    }
  }
}

function runGames(t: Test, label: string, make: (i: number) => GameSetup, games: number): void {
  let moves = 0,
    probesRefused = 0;
  for (let i = 0; i < games; i++) {
    const setup = make(i);
    const rnd = seededRandom(`probe-${label}-${i}`);
    let lastScores: number[] = [];
    let prev: Game | undefined;
    const { game, moves: log } = playRandom(
      setup,
      `${label}-${i}`,
      (g, move) => {
        // Probe a few moves: accepted exactly when listed, and a refusal leaves g unchanged. A
        // listed probe is played on a copy (play) and an unlisted one on g itself: play copies the
        // whole game before it looks at the move, and those copies of refused probes were 40% of
        // this file's time; a refusal in place must leave g as it was all the same (checked below).
        const listed = new Set(legalMoves(g).moves.map(key));
        const v = publicView(g);
        const before = JSON.stringify(v);
        for (const m of probes(v, rnd)) {
          const isListed = listed.has(key(m));
          const r = isListed ? play(g, m) : playInPlace(g, m);
          if (r.ok !== isListed) t.fail(`${label} game ${i}: ${JSON.stringify(m)} listed=${isListed} accepted=${r.ok}`);
          if (!r.ok) {
            probesRefused++;
            if (!r.error.code) t.fail('refusal without a code');
          }
        }
        if (JSON.stringify(publicView(g)) !== before) t.fail('a probe changed the game');
        // More probes, the listed ones left out, applied in place to the live game itself: a
        // refusal must leave it exactly as it was (the view here, every hidden part through the
        // replay check below).
        for (const m of probes(v, rnd)) {
          if (listed.has(key(m))) continue;
          if (playInPlace(g, m).ok) t.fail(`in place: unlisted ${JSON.stringify(m)} accepted`);
        }
        if (JSON.stringify(publicView(g)) !== before) t.fail('a refused in-place move changed the game');
        // g's view is still v (both checks above compare it with `before`): no need to make it again.
        if (v.scores.some((s, seat) => s < (lastScores[seat] ?? 0))) t.fail('a score went down');
        lastScores = v.scores;
        checkFigures(t, v, setup);
        if (before.includes(`"${setup.seed}"`)) t.fail('the seed leaked into the view');
        prev = g;
        void move;
      },
      true,
    );
    void prev;
    moves += log.length;
    const end = publicView(game);
    if (end.status !== 'finished') t.fail('game did not finish');
    if (end.scores.some((s, seat) => s < (lastScores[seat] ?? 0))) t.fail('final scoring lowered a score');
    checkFigures(t, end, setup);
    const placedOrDiscarded = end.tiles.length - 1 - end.tiles.filter((x) => x.tile === 'abbey-mayor/A').length;
    const r = replay(setup, log);
    if (!r.ok) {
      t.fail(`replay refused move ${r.error.index}: ${r.error.reason}`);
      continue;
    }
    if (JSON.stringify(publicView(r.value.game)) !== JSON.stringify(end))
      t.fail(`${label} game ${i}: replay differs from the live game`);
    const discarded = [r.value.created, ...r.value.events].flat().filter((e) => e.type === 'tileDiscarded').length;
    const pileSize = (setup.expansions ?? []).reduce((n, e) => n + PILE_TILES[e], 71);
    if (placedOrDiscarded + discarded !== pileSize)
      t.fail(`${label} game ${i}: ${placedOrDiscarded} placed + ${discarded} discarded != ${pileSize}`);
  }
  t.ok(
    moves > games * 50 && probesRefused > games,
    `${label}: ${games} random games, ${moves} moves, ${probesRefused} unlisted probes refused`,
  );
}

t.test('random base games keep every invariant (2-6 players)', async (t) => {
  runGames(t, 'base', (i) => randomSetup(`base-${i}`, 2 + (i % 5)), GAMES);
});

t.test('random Traders & Builders games keep every invariant', async (t) => {
  runGames(t, 'tb', (i) => randomSetup(`tb-${i}`, 2 + (i % 3), ['traders-builders']), GAMES / 2);
});

t.test('random Abbey & Mayor games keep every invariant (every end-game ruling, both wagon rules)', async (t) => {
  const endings = ['continue', 'final-round', 'none'] as const;
  runGames(
    t,
    'am',
    (i) =>
      randomSetup(`am-${i}`, 2 + (i % 3), ['abbey-mayor'], {
        endgameAbbeys: endings[i % 3],
        wagonMove: i % 2 ? 'c1' : 'c2',
      }),
    GAMES / 2,
  );
});

t.test('random games with both expansions keep every invariant', async (t) => {
  runGames(
    t,
    'both',
    (i) =>
      randomSetup(`both-${i}`, 2 + (i % 4), ['traders-builders', 'abbey-mayor'], {
        wagonMove: i % 2 ? 'c1' : 'c2',
        endgameAbbeys: (['continue', 'final-round', 'none'] as const)[i % 3],
      }),
    GAMES / 2,
  );
});

// Inns & Cathedrals with every combination of the other two: a few games each keeps the file short.
const WITH_INNS = [[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const;
for (const others of WITH_INNS) {
  const label = ['ic', ...others.map((e) => e.split('-')[0])].join('+');
  t.test(
    `random Inns & Cathedrals games keep every invariant (with ${others.join(', ') || 'the base game'})`,
    async (t) => {
      runGames(
        t,
        label,
        (i) =>
          randomSetup(`${label}-${i}`, 2 + (i % 5), [...others, 'inns-cathedrals'], {
            wagonMove: i % 2 ? 'c1' : 'c2',
            endgameAbbeys: (['continue', 'final-round', 'none'] as const)[i % 3],
          }),
        Math.max(3, GAMES / 10),
      );
    },
  );
}
