/** Rewrites openapi/openapi.json from the app's routes and schemas (`npm run openapi`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '../src/openapi.js';

const target = fileURLToPath(new URL('../openapi/openapi.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../openapi/', import.meta.url)), { recursive: true });
writeFileSync(target, await generateOpenApi());
console.log(`wrote ${target}`);
