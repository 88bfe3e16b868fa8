/**
 * Arrays of zeros for a game's small tables (per open position, tiles left).
 * Plain arrays of small integers rather than typed arrays: in Node 20 a typed array longer than
 * 64 bytes is allocated off the heap (0.6–1.5 µs each in a micro-benchmark), a plain array on the
 * heap by one slice of zeros, and its copy by slice() is three times as fast as a typed array's.
 * Sliced from one shared array that only ever holds zeros, so every table is a packed array of
 * small integers, the fastest kind V8 reads. The big tables (per segment, per board position)
 * stay typed arrays: a plain array's element takes 8 bytes on the collector's heap, and a cached
 * game held 51 kB instead of 22 kB with them plain, for 2–4 % of a random game
 * (docs/performance.md).
 */
const ZEROS: number[] = [];

export function zeros(n: number): number[] {
  while (ZEROS.length < n) ZEROS.push(0);
  return ZEROS.slice(0, n);
}
