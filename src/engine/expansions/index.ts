/**
 * The default expansion registry: every module the engine ships, in the order their hooks run
 * (where two modules take part in one step, it says why).
 */
import { createRegistry } from '../registry.js';
import { abbeyMayor } from './abbey-mayor/index.js';
import { innsCathedrals } from './inns-cathedrals/index.js';
import { tradersBuilders } from './traders-builders/module.js';

export const DEFAULT_REGISTRY = createRegistry([tradersBuilders, abbeyMayor, innsCathedrals]);
