/**
 * The bots' seeded randomness: the engine's generator (`engine/rng.ts`), so the project has one.
 * Never Math.random: a bot is deterministic given its seed.
 */
import { seededRandom } from '../engine/rng.js';

export type Random = () => number;

export const seeded: (seed: string) => Random = seededRandom;

export const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)];
