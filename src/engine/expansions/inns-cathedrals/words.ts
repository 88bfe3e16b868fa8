/** Inns & Cathedrals in a player's words (the web client's lobby, tiles, figures and supply). */
export const INNS_CATHEDRALS_NAME = 'Inns & Cathedrals';

/** The figure as the supply lists it. */
export const LARGE_MEEPLE_WORDS = 'large meeple';

/** A large meeple takes a meeple's role on its feature, said larger: "large knight", "large farmer". */
export const largeRole = (meepleRole: string): string => `large ${meepleRole}`;

/** What a tile shows besides its cities and roads: "straight road with inn", "whole city with cathedral". */
export function innCathedralExtras(features: readonly object[]): string[] {
  const out: string[] = [];
  if (features.some((f) => 'inn' in f && f.inn === true)) out.push('inn');
  if (features.some((f) => 'cathedral' in f && f.cathedral === true)) out.push('cathedral');
  return out;
}
