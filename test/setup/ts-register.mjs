// tap's `node-arg` (package.json): puts the TypeScript hooks of ts-hooks.mjs in place, and tags the
// process with its test run (run-tag.mjs).
import { register } from 'node:module';
import { tagThisProcess } from './run-tag.mjs';

register('./ts-hooks.mjs', import.meta.url);
tagThisProcess();
