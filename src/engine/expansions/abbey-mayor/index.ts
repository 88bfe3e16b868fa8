export { abbeyMayor } from './module.js';
