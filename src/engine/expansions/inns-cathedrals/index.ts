export { innsCathedrals } from './module.js';
