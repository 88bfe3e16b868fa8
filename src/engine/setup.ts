/**
 * createGame: validates a setup, shuffles the pile from its seed, derives the game's
 * configuration from the enabled expansions (config.ts), places the start tile and starts
 * seat 0's turn.
 */
import type { TileType } from './catalog.js';
import type { Config } from './config.js';
import { CORE_MOVES } from './core-moves.js';
import { gatherHooks, type Expansion, type FigureRule } from './expansion.js';
import { DEFAULT_REGISTRY } from './expansions/index.js';
import { MEEPLE_RULE } from './figure-step.js';
import { mergeMoves } from './moves.js';
import { orderedPile, pilePlan, shuffledPile, stageEnds, stageOf } from './pile.js';
import { seededRandom } from './rng.js';
import { capacityFor, type State } from './state.js';
import { orderedModules, type Registry } from './registry.js';
import { FIGURE_INDEX, supplySize } from './supply.js';
import { startState } from './undo.js';
import {
  MAX_NAME_LENGTH,
  MAX_PLAYERS,
  MIN_PLAYERS,
  type ExpansionId,
  type FigureKind,
  type GameEvent,
  type GameSetup,
  type Result,
  type Rules,
  type RuleViolation,
} from './types.js';
import { violation } from './violation.js';

function setupError(reason: string): { ok: false; error: RuleViolation } {
  return { ok: false, error: violation('INVALID_SETUP', reason) };
}

/**
 * The game's rule options, or why they are refused: each of the core's, and each of an enabled
 * expansion's, as given or its default. An option of an expansion the game does not enable is
 * refused rather than ignored, so that a client never believes it set a rule that is not played.
 */
function rulesOf(
  registry: Registry,
  expansions: readonly string[],
  given: Partial<Record<string, unknown>>,
): Rules | string {
  const rules: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(registry.ruleValues)) {
    const owner = registry.ruleOwners[name];
    if (owner !== undefined && !expansions.includes(owner)) {
      if (given[name] !== undefined) return `${name} is a rule of ${owner}, which this game does not enable`;
      continue;
    }
    const v = given[name] ?? values[0];
    if (!values.some((x) => x === v)) return `${name} must be one of ${values.join(', ')}`;
    rules[name] = v;
  }
  // Every option was checked against its allowed values above.
  return rules as Rules;
}

/** What a game's configuration derives from its expansions alone. */
type ModulesConfig = Pick<
  Config,
  | 'modules'
  | 'hooks'
  | 'figureRules'
  | 'placeable'
  | 'followers'
  | 'excluders'
  | 'figureKinds'
  | 'startSupply'
  | 'moves'
  | 'knownMoves'
  | 'registry'
>;

function modulesConfig(registry: Registry, expansions: readonly ExpansionId[]): ModulesConfig {
  const modules = orderedModules(registry, expansions);
  const kinds = registry.figureKinds;
  const startSupply = new Array<number>(supplySize(kinds)).fill(0);
  startSupply[FIGURE_INDEX.meeple] = 7;
  for (const m of modules) {
    for (const k of kinds) startSupply[FIGURE_INDEX[k]] += m.supply?.[k] ?? 0;
  }
  const figureRules: Partial<Record<FigureKind, FigureRule>> = { meeple: MEEPLE_RULE };
  for (const m of modules) Object.assign(figureRules, m.figures);
  return {
    modules,
    hooks: gatherHooks(modules),
    figureRules,
    placeable: registry.placeable.filter((k) => figureRules[k]?.placement !== undefined),
    followers: Object.fromEntries(kinds.map((k) => [k, (figureRules[k]?.strength ?? null) !== null])) as Record<
      FigureKind,
      boolean
    >,
    excluders: kinds.flatMap((k) => {
      const refusal = figureRules[k]?.excludesFollowers;
      return refusal ? [[k, refusal] as const] : [];
    }),
    figureKinds: kinds.filter((k) => k === 'meeple' || modules.some((m) => m.supply?.[k] !== undefined)),
    startSupply,
    moves: mergeMoves([CORE_MOVES, ...modules.map((m) => m.moves ?? {})]),
    knownMoves: registry.knownMoves,
    registry,
  };
}

function finalRoundOf(modules: readonly Expansion[], rules: Rules): Config['finalRound'] {
  for (const m of modules) {
    const round = m.finalRound?.(rules);
    if (round) return round;
  }
  return null;
}

/**
 * Per registry and set of expansions, made once per process: it never changes, and deriving it
 * again for every game showed in the profile of random games and replays (a few per cent).
 */
const MODULES_CONFIG = new WeakMap<Registry, Map<string, ModulesConfig>>();

function configOf(
  registry: Registry,
  names: string[],
  expansions: readonly ExpansionId[],
  rules: Rules,
  seed: string,
  start: TileType,
  pile: TileType[],
  stages: readonly number[],
): Config {
  let byIds = MODULES_CONFIG.get(registry);
  if (byIds === undefined) MODULES_CONFIG.set(registry, (byIds = new Map<string, ModulesConfig>()));
  const id = expansions.join(',');
  let derived = byIds.get(id);
  if (derived === undefined) byIds.set(id, (derived = modulesConfig(registry, expansions)));
  // Listed member by member: a spread of `derived` into the literal showed in the profile of
  // random games (a few per cent); a plain literal is one allocation of one shape.
  return {
    modules: derived.modules,
    hooks: derived.hooks,
    figureRules: derived.figureRules,
    placeable: derived.placeable,
    followers: derived.followers,
    excluders: derived.excluders,
    figureKinds: derived.figureKinds,
    startSupply: derived.startSupply,
    moves: derived.moves,
    knownMoves: derived.knownMoves,
    registry: derived.registry,
    names,
    expansions: Object.freeze(expansions.slice()),
    rules: Object.freeze(rules),
    seed,
    start,
    pile,
    stages,
    capacity: capacityFor(pile),
    finalRound: finalRoundOf(derived.modules, rules),
  };
}

export function createGame(
  setup: GameSetup,
  registry: Registry = DEFAULT_REGISTRY,
): Result<{ game: State; events: GameEvent[] }> {
  if (typeof setup !== 'object' || setup === null) return setupError('setup must be an object');
  const players = setup.players;
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    return setupError(`a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  for (const p of players) {
    if (typeof p?.name !== 'string' || p.name.length === 0 || [...p.name].length > MAX_NAME_LENGTH) {
      return setupError(`each player needs a name of 1 to ${MAX_NAME_LENGTH} characters`);
    }
  }
  const expansions = setup.expansions ?? [];
  if (!Array.isArray(expansions) || expansions.some((e) => !registry.ids.includes(e))) {
    return setupError(`expansions must be among ${registry.ids.join(', ')}`);
  }
  if (new Set(expansions).size !== expansions.length) return setupError('an expansion is listed twice');
  const rules = rulesOf(registry, expansions, setup.rules ?? {});
  if (typeof rules === 'string') return setupError(rules);
  const seed = setup.seed ?? '';
  if (typeof seed !== 'string') return setupError('seed must be a string');

  const sorted = registry.ids.filter((e) => expansions.includes(e));
  const plan = pilePlan(orderedModules(registry, sorted), sorted, rules);
  let pile: TileType[];
  if (setup.tileOrder !== undefined) {
    if (!Array.isArray(setup.tileOrder)) return setupError('tileOrder must be a list of tile ids');
    const ordered = orderedPile(plan, setup.tileOrder);
    // A pile in stages fixes the order's stages (docs/engine.md): a refusal there says so by its code.
    if (typeof ordered === 'string') {
      return plan.stages.length > 0
        ? { ok: false, error: violation('TILE_ORDER_INVALID', ordered) }
        : setupError(ordered);
    }
    pile = ordered;
  } else {
    pile = shuffledPile(plan, seededRandom(seed));
  }

  const events: GameEvent[] = [];
  // Every option was checked against its allowed values above.
  const cfg = configOf(
    registry,
    players.map((p) => p.name),
    sorted,
    rules,
    seed,
    plan.start,
    pile,
    stageEnds(plan, pile.length),
  );
  const g: State = startState(cfg, events);
  return { ok: true, value: { game: g, events } };
}

/**
 * Tile ids in the order a pile of this setup draws their stages (docs/engine.md), each stage's
 * in the order given: to rebuild a game from the tiles drawn so far and the hidden rest, the
 * rest must come in its stages, as a tileOrder must list them.
 */
export function pileOrder(
  setup: Pick<GameSetup, 'expansions' | 'rules'>,
  ids: readonly string[],
  registry: Registry = DEFAULT_REGISTRY,
): string[] {
  const expansions = registry.ids.filter((e) => (setup.expansions ?? []).includes(e));
  const rules = rulesOf(registry, expansions, setup.rules ?? {});
  if (typeof rules === 'string') return ids.slice();
  const plan = pilePlan(orderedModules(registry, expansions), expansions, rules);
  const stage = new Map(ids.map((id) => [id, stageOf(plan, id)]));
  return ids
    .map((id, i) => ({ id, i }))
    .sort((a, b) => (stage.get(a.id) ?? 0) - (stage.get(b.id) ?? 0) || a.i - b.i)
    .map((x) => x.id);
}
