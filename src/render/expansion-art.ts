/**
 * The board art the expansions bring (`Expansion.art`, in their folders), read from the
 * default registry: their figures' shapes, which of them lie down on a field like a farmer,
 * and the marks they draw on their tiles (inns, cathedrals).
 */
import {
  DEFAULT_REGISTRY,
  type ExpansionArt,
  type FeatureDef,
  type FigureKind,
  type OwnFeatureArt,
  type TilePoint,
} from '../engine/index.js';

const ARTS: readonly ExpansionArt[] = DEFAULT_REGISTRY.modules.flatMap((m) => (m.art ? [m.art] : []));

/** The shape an expansion gives a figure kind, given the meeple's outline; undefined for none. */
export function expansionFigure(kind: FigureKind, meeplePath: string): string | undefined {
  for (const a of ARTS) {
    const shape = a.figures?.[kind];
    if (shape) return shape(meeplePath);
  }
  return undefined;
}

/** Figure kinds that lie down on a field: the meeple and the expansions' farmers. */
export const FARMERS: ReadonlySet<string> = new Set(['meeple', ...ARTS.flatMap((a) => a.farmers ?? [])]);

/** Every expansion's marks on a tile, given its features and their anchors (rotation 0). */
export function tileMarks(
  features: readonly FeatureDef[],
  anchors: readonly TilePoint[],
): { art: string; at: TilePoint }[] {
  return ARTS.flatMap((a) => a.tileMarks?.(features, anchors) ?? []);
}

/** How an expansion draws a feature of a kind of its own (the core draws none); undefined when none does. */
export function ownFeatureArt(feature: FeatureDef, features: readonly FeatureDef[]): OwnFeatureArt | undefined {
  for (const a of ARTS) {
    const art = a.ownFeature?.(feature, features);
    if (art) return art;
  }
  return undefined;
}
