// tap's `node-arg` (package.json): puts the TypeScript hooks of ts-hooks.mjs in place.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
