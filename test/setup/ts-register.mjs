// tap's `node-arg` (package.json): puts the TypeScript hooks of ts-hooks.mjs in place, tags the
// process with its test run (run-tag.mjs), and has the bot pool's worker threads load the same
// hooks (ts-worker.mjs) instead of tsx's (src/service/bots/bot-pool.ts).
import { register } from 'node:module';
import { tagThisProcess } from './run-tag.mjs';

register('./ts-hooks.mjs', import.meta.url);
tagThisProcess();
process.env.TS_WORKER_LOADER ??= new URL('./ts-worker.mjs', import.meta.url).href;
