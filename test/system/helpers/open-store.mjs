// A process that opens the store from `dist/` as the server does (`openStore(parseDatabaseUrl(url))`,
// migrations included), writes a game and reads every game back: a server process's start without
// its HTTP part (start-race.test.ts). It loads its modules, prints `ready`, and is told on stdin
// the moment to start (ms since the epoch), once every process of its round is ready.
import { once } from 'node:events';

const [url, label] = process.argv.slice(2);
const { openStore, parseDatabaseUrl } = await import('../../../dist/storage/open-store.js');
await import('../../../dist/storage/sqlite/store.js'); // loaded before the start, like the rest
console.log('ready');
let line = '';
while (!line.includes('\n')) line += (await once(process.stdin, 'data'))[0];
process.stdin.destroy();
const at = Number(line);
// The last few ms spun, not slept: all start together, a timer would add its own jitter.
while (Date.now() < at);
const store = await openStore(parseDatabaseUrl(url));
const setup = { players: [{ name: 'A' }, { name: 'B' }], seed: label };
await store.insertGame({ id: label, setup, tokenHashes: [], status: 'active', at: new Date().toISOString() });
console.log(JSON.stringify({ found: (await store.findGame(label))?.id, version: await store.version(label) }));
await store.close();
