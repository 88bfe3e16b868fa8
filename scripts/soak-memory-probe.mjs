// Preloaded into the abuse soak's server (`node --expose-gc --import` this): on SIGUSR2 it runs a
// full garbage collection and writes `process.memoryUsage()` to SOAK_MEMORY_FILE, so the soak can
// tell the server's own objects (heapUsed) from what the allocator keeps (RSS). Soak only: the
// server itself has no such hook.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  writeFileSync(process.env.SOAK_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});
