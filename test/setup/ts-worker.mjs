// Puts the TypeScript hooks of ts-hooks.mjs in place in a worker thread started from the
// sources: the bot pool imports it first when TS_WORKER_LOADER names it (ts-register.mjs does).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
