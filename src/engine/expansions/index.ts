/**
 * The default expansion registry: every module of modules.ts, in the order their `after` gives
 * (registry-order.ts). The modules are exported too: a program that reads only the engine's
 * declarations then still reaches each folder, and with it the types its vocabulary adds.
 */
import { createRegistry } from '../registry.js';
import * as modules from './modules.js';

export * from './modules.js';
export const DEFAULT_REGISTRY = createRegistry(Object.values(modules));
