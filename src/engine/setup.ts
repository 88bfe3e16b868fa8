/**
 * createGame: validates a setup, shuffles the pile from its seed, derives the game's
 * configuration from the enabled expansions (config.ts), places the start tile and starts
 * seat 0's turn.
 */
import { TILE_BY_ID, pileTiles, type TileType } from './catalog.js';
import type { Config } from './config.js';
import { CORE_MOVES } from './core-moves.js';
import { gatherHooks, type Expansion, type FigureRule } from './expansion.js';
import { DEFAULT_REGISTRY } from './expansions/index.js';
import { MEEPLE_RULE } from './figure-step.js';
import { mergeMoves } from './moves.js';
import { seededRandom, shuffle } from './rng.js';
import { capacityFor, type State } from './state.js';
import { orderedModules, type Registry } from './registry.js';
import { FIGURE_INDEX, supplySize } from './supply.js';
import { startState } from './undo.js';
import {
  MAX_NAME_LENGTH,
  MAX_PLAYERS,
  MIN_PLAYERS,
  RULE_DEFAULTS,
  RULE_VALUES,
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

/** The pile a tileOrder fixes, or why it cannot be drawn from the chosen sets. */
function orderedPile(available: readonly TileType[], order: unknown[]): TileType[] | string {
  const left = new Map<TileType, number>();
  for (const t of available) left.set(t, (left.get(t) ?? 0) + 1);
  const pile: TileType[] = [];
  for (const id of order) {
    const t = typeof id === 'string' ? TILE_BY_ID.get(id) : undefined;
    const n = t === undefined ? undefined : left.get(t);
    if (t === undefined || n === undefined) return `tile ${String(id)} is not in the chosen sets' pile`;
    if (n === 0) return `tileOrder holds more ${String(id)} than the sets have`;
    left.set(t, n - 1);
    pile.push(t);
  }
  return pile;
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
  pile: TileType[],
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
    pile,
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
  const given: Partial<Record<string, unknown>> = setup.rules ?? {};
  const rules: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(RULE_VALUES)) {
    const v = given[name] ?? RULE_DEFAULTS[name as keyof Rules];
    if (!values.some((x) => x === v)) return setupError(`${name} must be one of ${values.join(', ')}`);
    rules[name] = v;
  }
  const seed = setup.seed ?? '';
  if (typeof seed !== 'string') return setupError('seed must be a string');

  const sorted = registry.ids.filter((e) => expansions.includes(e));
  const available = pileTiles(sorted);
  let pile: TileType[];
  if (setup.tileOrder !== undefined) {
    if (!Array.isArray(setup.tileOrder)) return setupError('tileOrder must be a list of tile ids');
    const ordered = orderedPile(available, setup.tileOrder);
    if (typeof ordered === 'string') return setupError(ordered);
    pile = ordered;
  } else {
    pile = shuffle(available.slice(), seededRandom(seed));
  }

  const events: GameEvent[] = [];
  // Every option was checked against its allowed values above.
  const cfg = configOf(
    registry,
    players.map((p) => p.name),
    sorted,
    rules as Rules,
    seed,
    pile,
  );
  const g: State = startState(cfg, events);
  return { ok: true, value: { game: g, events } };
}
