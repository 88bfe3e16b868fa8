/**
 * The words the expansions bring (`Expansion.words`, in their folders), read from the default
 * registry: names for the lobby, figure and tile words, moves and events as sentences, and
 * what a seat's expansion members say. The web client's own words (words.ts) ask here for
 * anything an expansion added, so no file of the client names an expansion.
 */
import {
  DEFAULT_REGISTRY,
  type ExpansionWords,
  type FeatureDef,
  type FigureKind,
  type Say,
  type Worded,
} from '../src/engine/index.js';

const WORDS: readonly ExpansionWords[] = DEFAULT_REGISTRY.modules.flatMap((m) => (m.words ? [m.words] : []));
const NAMES: ReadonlyMap<string, string> = new Map(DEFAULT_REGISTRY.modules.map((m) => [m.id, m.words?.name ?? m.id]));

/** An expansion as players know it ("Inns & Cathedrals"); its id when it has no words. */
export const expansionName = (id: string): string => NAMES.get(id) ?? id;

/** A rule option an expansion brings, as the lobby offers it. */
export interface RuleChoice {
  readonly option: string;
  readonly label: string;
  /** Each allowed value with its words, the default first. */
  readonly values: readonly (readonly [string, string])[];
}

/** Every expansion the registry offers, in its order, with its name and its rule options. */
export const EXPANSION_CHOICES: readonly {
  readonly id: string;
  readonly name: string;
  readonly rules: RuleChoice[];
}[] = DEFAULT_REGISTRY.modules.map((m) => ({
  id: m.id,
  name: expansionName(m.id),
  rules: Object.entries(m.vocabulary?.rules ?? {}).map(([option, values]) => {
    const words = m.words?.rules?.[option];
    return {
      option,
      label: words?.label ?? option,
      values: values.map((v) => [v, words?.values[v] ?? v] as const),
    };
  }),
}));

/** A figure as the supply lists it ("large meeple"); the kind itself for the core's. */
export function supplyWords(kind: string): string {
  for (const w of WORDS) {
    const f = w.figures?.[kind as FigureKind];
    if (f) return f.supply;
  }
  return kind;
}

/** A follower's role on a feature given a meeple's there ("large knight"); the kind for a figure without a role. */
export function roleWords(kind: string, meepleRole: string): string {
  if (kind === 'meeple') return meepleRole;
  for (const w of WORDS) {
    const f = w.figures?.[kind as FigureKind];
    if (f) return f.role ? f.role(meepleRole) : f.supply;
  }
  return kind;
}

/** What the expansions' marks on a tile add to its words ("wine", "inn"). */
export const tileExtraWords = (features: readonly FeatureDef[]): string[] =>
  WORDS.flatMap((w) => w.tileExtras?.(features) ?? []);

/** An expansion's move as a choice's label; undefined for a type none adds. */
export function expansionMove(m: Worded, say: Say): string | undefined {
  for (const w of WORDS) {
    const text = w.move?.(m, say);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** An expansion's event as a log line (null: not worth one); undefined for a type none adds. */
export function expansionEvent(e: Worded, say: Say): string | null | undefined {
  for (const w of WORDS) {
    const text = w.event?.(e, say);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** What a seat's expansion members say, joined: "2 wine, 0 wheat, 1 cloth; abbey in hand". */
export const playerWords = (player: Worded): string[] =>
  WORDS.map((w) => w.player?.(player) ?? '').filter((s) => s !== '');

/** What a scoring reason of an expansion is called; undefined for the core's. */
export const reasonWords = (reason: string): string | undefined =>
  WORDS.map((w) => w.scoreReasons?.[reason]).find((s) => s !== undefined);
