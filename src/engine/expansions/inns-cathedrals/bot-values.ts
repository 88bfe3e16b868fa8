/**
 * What the bots know of Inns & Cathedrals (src/bots/heuristics.ts asks, through `Expansion.bots`): an inn road or a
 * cathedral city is worth more when it will be finished and nothing when it will not, so its
 * promise is weighed twice by the chance of finishing (`completes`, which falls as the pile
 * empties); the large meeple keeps or takes a majority a meeple cannot, and there is one only.
 */
import type { ExpansionBots } from '../../contribution.js';

/** A thief on an inn road: 2 a tile if finished, 0 if not (a plain road: 1 + 1.5 completes). */
const innRoadPotential = (completes: number): number => (1 + 3 * completes) * completes;

/** A knight in a cathedral city: 3 a tile and pennant if finished, 0 if not (a plain city: (3 + p) completes). */
const cathedralCityPotential = (pennants: number, completes: number): number =>
  1.5 * (3 + pennants) * completes * completes;

/** A large meeple's potential over a meeple's on the same feature: it wins the ties and contests. */
const LARGE_MEEPLE_WEIGHT = 1.25;

/** What taking the one large meeple from supply costs, given the share of the pile to come. */
const largeMeepleCost = (rest: number): number => 2.5 * rest;

export const INNS_CATHEDRALS_BOTS: ExpansionBots = {
  featurePotential({ kind, feature }, completes, value) {
    if (feature.kind === 'road' && feature.inn) return innRoadPotential(completes);
    // The mayor counts pennants, not tiles: a cathedral changes nothing for it.
    if (feature.kind === 'city' && feature.cathedral && kind !== 'mayor')
      return cathedralCityPotential(feature.pennants, completes);
    return value;
  },
  weight: { largeMeeple: LARGE_MEEPLE_WEIGHT },
  cost: { largeMeeple: largeMeepleCost },
};
