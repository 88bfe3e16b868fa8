/**
 * An expansion registry: the modules a service offers, and everything their vocabularies add
 * up to. The core's lists and schemas are built here from the core's vocabulary and each
 * module's (`Expansion.vocabulary`), so an expansion the core does not name (a test's, say)
 * brings its figures, moves, events, error codes and view members with it: games made with
 * this registry play them, and the HTTP layer serves the schemas below.
 */
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import { CORE_MOVES } from './core-moves.js';
import { CORE_ERROR_CODES, CORE_FIGURES, coreEvents, coreMoves } from './core-vocabulary.js';
import type { Expansion, MoveSpecs } from './expansion.js';
import { mergeMoves } from './moves.js';
import { figureSchemas, Strict } from './schema-parts.js';
import { registerTiles } from './catalog.js';
import { orderModules } from './registry-order.js';
import { registerFigureKinds } from './supply.js';
import {
  RULE_VALUES,
  type ErrorCode,
  type ExpansionId,
  type FigureKind,
  type PlaceableFigure,
  type PublicStateSchema,
} from './types.js';
import { publicStateSchema } from './view-schema.js';

/** The registry's vocabulary as schemas: the HTTP layer builds its own from these. */
export interface VocabularySchemas {
  readonly ExpansionId: TSchema;
  readonly FigureKind: TSchema;
  readonly BoardFigure: TSchema;
  /** Each move type's schema, and their union. */
  readonly moves: readonly TObject[];
  readonly Move: TSchema;
  /** Each event type's schema, and their union. */
  readonly events: readonly TObject[];
  readonly GameEvent: TSchema;
  /** Members the expansions add to a seat's view and to the game's view. */
  readonly playerView: TProperties;
  readonly gameView: TProperties;
  /** The public view with those members (view-schema.ts). */
  readonly PublicState: PublicStateSchema;
  /** What the expansions' tiles add to a city and a road segment (GET /tiles). */
  readonly cityFlags: TProperties;
  readonly roadFlags: TProperties;
  /** The features of the expansions' own kinds (GET /tiles). */
  readonly tileFeatures: readonly TObject[];
  /** A game's rule options as the view shows them (an expansion's only in games with it). */
  readonly Rules: TSchema;
  /** The rule options a creation may give: every option, each optional, no other member. */
  readonly RuleOptions: TSchema;
}

export interface Registry {
  /** The modules in the order their hooks run: each after those its `after` names (registry-order.ts). */
  readonly modules: readonly Expansion[];
  readonly ids: readonly ExpansionId[];
  /** Every figure kind (meeple first), and those placed with placeFigure. */
  readonly figureKinds: readonly FigureKind[];
  readonly placeable: readonly PlaceableFigure[];
  /** Every move type, enabled in a game or not: an unknown type is refused before anything else. */
  readonly knownMoves: MoveSpecs;
  readonly errorCodes: readonly ErrorCode[];
  /** Every rule option with its allowed values (the first the default): the core's, then each module's. */
  readonly ruleValues: Readonly<Record<string, readonly string[]>>;
  /** The module whose vocabulary brings a rule option; absent for the core's. */
  readonly ruleOwners: Readonly<Record<string, ExpansionId>>;
  readonly schemas: VocabularySchemas;
}

/** A registry of these modules, put in order by their `after` (else as given); throws on a cycle or an unknown name. */
export function createRegistry(given: readonly Expansion[]): Registry {
  const modules = orderModules(given);
  const vocabularies = modules.map((m) => m.vocabulary ?? {});
  const figureKinds = [...CORE_FIGURES, ...vocabularies.flatMap((v) => v.figures ?? [])] as FigureKind[];
  const ownMove = new Set<string>(vocabularies.flatMap((v) => v.ownMoveFigures ?? []));
  const placeable = figureKinds.filter((k) => !ownMove.has(k)) as PlaceableFigure[];
  registerFigureKinds(figureKinds);
  registerTiles(modules.flatMap((m) => m.tiles ?? []));
  const figures = figureSchemas(figureKinds, placeable);
  const moves = [...coreMoves(figures), ...vocabularies.flatMap((v) => v.moves?.(figures) ?? [])];
  const events = [...coreEvents(figures), ...vocabularies.flatMap((v) => v.events?.(figures) ?? [])];
  const ids = modules.map((m) => m.id);
  const ExpansionId = Type.Enum([...ids]);
  const playerView = Object.assign({}, ...vocabularies.map((v) => v.playerView ?? {})) as TProperties;
  const gameView = Object.assign({}, ...vocabularies.map((v) => v.gameView ?? {})) as TProperties;
  const BoardFigure = figures.BoardFigureSchema;
  const ruleValues: Record<string, readonly string[]> = { ...RULE_VALUES };
  const ruleOwners: Record<string, ExpansionId> = {};
  for (const m of modules) {
    for (const [option, values] of Object.entries(m.vocabulary?.rules ?? {})) {
      ruleValues[option] = values;
      ruleOwners[option] = m.id;
    }
  }
  const Rules = Type.Object(
    Object.fromEntries(
      Object.entries(ruleValues).map(([option, values]) => {
        const schema = Type.Enum([...values]);
        return [option, option in ruleOwners ? Type.Optional(schema) : schema];
      }),
    ),
  );
  const RuleOptions = Strict(
    Object.fromEntries(
      Object.entries(ruleValues).map(([option, values]) => [option, Type.Optional(Type.Enum([...values]))]),
    ),
  );
  return {
    modules,
    ids,
    figureKinds,
    placeable,
    knownMoves: mergeMoves([CORE_MOVES, ...modules.map((m) => m.moves ?? {})]),
    errorCodes: [...CORE_ERROR_CODES, ...vocabularies.flatMap((v) => v.errorCodes ?? [])] as ErrorCode[],
    ruleValues,
    ruleOwners,
    schemas: {
      ExpansionId,
      FigureKind: figures.FigureKindSchema,
      BoardFigure,
      moves,
      // A plain anyOf on the literal `type`: Fastify's strict Ajv refuses `discriminator`.
      Move: Type.Union(moves, { title: 'Move' }),
      events,
      GameEvent: Type.Union(events, { title: 'GameEvent' }),
      playerView,
      gameView,
      cityFlags: Object.assign({}, ...modules.map((m) => m.tileFlags?.city ?? {})) as TProperties,
      roadFlags: Object.assign({}, ...modules.map((m) => m.tileFlags?.road ?? {})) as TProperties,
      tileFeatures: modules.flatMap((m) => m.tileFlags?.features ?? []),
      Rules,
      RuleOptions,
      // Typed as the default registry's view, as the engine's types are.
      PublicState: publicStateSchema({
        figureKinds,
        ExpansionId,
        BoardFigure,
        Rules,
        playerView,
        gameView,
      }) as PublicStateSchema,
    },
  };
}

/** The modules of a registry enabled in a game, in registry order. */
export function orderedModules(registry: Registry, ids: readonly string[]): Expansion[] {
  return registry.modules.filter((m) => ids.includes(m.id));
}
