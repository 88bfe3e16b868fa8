/**
 * The bots' own seeded randomness (the engine's generator is internal to it): a string seed
 * hashed with FNV-1a, then a mulberry32-style mixer. Never Math.random: a bot is deterministic
 * given its seed.
 */
export type Random = () => number;

export function seeded(seed: string): Random {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)]!;
