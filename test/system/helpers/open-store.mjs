// A process that opens the store from `dist/` as the server does (`openStore(parseDatabaseUrl(url))`,
// migrations included) at the moment `argv[3]` (ms since the epoch), writes a game and reads every
// game back: a server process's start without its HTTP part (start-race.test.ts).
const [url, at, label] = process.argv.slice(2);
const { openStore, parseDatabaseUrl } = await import('../../../dist/storage/open-store.js');
await import('../../../dist/storage/sqlite-store.js'); // loaded before the start, like the rest
while (Date.now() < Number(at)); // all start together: a timer would add its own jitter
const store = await openStore(parseDatabaseUrl(url));
const setup = { players: [{ name: 'A' }, { name: 'B' }], seed: label };
await store.insertGame({ id: label, setup, tokenHashes: [], status: 'active', at: new Date().toISOString() });
console.log(JSON.stringify({ found: (await store.findGame(label))?.id, version: await store.version(label) }));
await store.close();
