// A process that opens the store from `dist/` as the server does (`openStore(parseDatabaseUrl(url))`,
// migrations included), writes a game and reads every game back: a server process's start without
// its HTTP part (start-race.test.ts). It loads its modules and prints `ready`; then each line on
// stdin, `<ms since the epoch> <database url> <label>`, is a round: at that moment (the same for
// every process of the round) it opens that store, writes and reads, closes the store and prints
// one line of JSON (`{ "error": ... }` if the round failed). One process serves every round: a
// Node process that loads these modules costs about half a second of CPU, 80 of them ~40 s.
import { createInterface } from 'node:readline';

const { openStore, parseDatabaseUrl } = await import('../../../dist/storage/open-store.js');
await import('../../../dist/storage/sqlite/store.js'); // loaded before the start, like the rest
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const [at, url, label] = line.split(' ');
  // The last few ms spun, not slept: all start together, a timer would add its own jitter.
  while (Date.now() < Number(at));
  try {
    const store = await openStore(parseDatabaseUrl(url));
    const setup = { players: [{ name: 'A' }, { name: 'B' }], seed: label };
    await store.insertGame({ id: label, setup, tokenHashes: [], status: 'active', at: new Date().toISOString() });
    const answer = { found: (await store.findGame(label))?.id, version: await store.version(label) };
    await store.close();
    console.log(JSON.stringify(answer));
  } catch (error) {
    console.log(JSON.stringify({ error: String(error?.stack ?? error) }));
  }
}
