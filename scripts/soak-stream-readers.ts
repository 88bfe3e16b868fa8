/**
 * The readers of the abuse soak's stream flood (`soak-abuse.ts` forks this): thousands of
 * streams parsed in the soak's own event loop would delay the answers it times, so they live in
 * a process of their own. Argument: the server's URL, the game, the streams, per address. Tells
 * its parent `{ opened }`; asked `{ version }`, answers `{ all }` (did every stream get it);
 * told `'close'`, closes every stream and exits.
 */
import { openStreams } from '../test/helpers/abuse.js';

export type ReadersAnswer = { opened: number } | { all: boolean };
export type ReadersAsk = { version: number } | 'close';

const [base, id, streams, perAddress] = process.argv.slice(2);
const open = await openStreams(base, id, { streams: Number(streams), perAddress: Number(perAddress) });
const send = (m: ReadersAnswer) => process.send!(m);
process.on('message', (m: ReadersAsk) => {
  if (m === 'close') {
    open.close();
    process.disconnect();
  } else void open.allReached(m.version).then((all) => send({ all }));
});
send({ opened: open.opened });
