/**
 * Every expansion module the engine ships, one line each: that line registers it (the default
 * registry, index.ts, takes every export here) and keeps its folder, with the types its
 * vocabulary adds, in the engine's declarations (docs/engine.md, "Adding an expansion"). The
 * order of these lines means nothing: a module says what it must come after (`after`).
 */
export { abbeyMayor } from './abbey-mayor/index.js';
export { innsCathedrals } from './inns-cathedrals/index.js';
export { river } from './river/index.js';
export { tradersBuilders } from './traders-builders/index.js';
