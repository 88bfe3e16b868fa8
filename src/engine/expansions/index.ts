/**
 * The default expansion registry: every module the engine ships, in the order their hooks run
 * (where two modules take part in one step, it says why). Adding an expansion adds its folder
 * and three lines here (the import, and its name in both lists), nothing else (docs/engine.md,
 * "Adding an expansion"). The list is exported too: a program that reads only the engine's
 * declarations then still reaches each folder, and with it the types its vocabulary adds.
 */
import { createRegistry } from '../registry.js';
import { abbeyMayor } from './abbey-mayor/index.js';
import { innsCathedrals } from './inns-cathedrals/index.js';
import { river } from './river/index.js';
import { tradersBuilders } from './traders-builders/index.js';

export { tradersBuilders, abbeyMayor, innsCathedrals, river };
export const DEFAULT_REGISTRY = createRegistry([tradersBuilders, abbeyMayor, innsCathedrals, river]);
