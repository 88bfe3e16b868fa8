/** Inns & Cathedrals' vocabulary: the large meeple. Inns and cathedrals change values only, not words. */
export const INNS_CATHEDRALS = 'inns-cathedrals';
export const INNS_CATHEDRALS_FIGURES = ['largeMeeple'] as const;
