export { abbeyChoicePossible, abbeyMoves, abbeyViolation } from './abbey.js';
export { barnFigure } from './barn.js';
export { wagonTargets } from './wagon.js';
