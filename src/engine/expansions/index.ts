/**
 * The expansion registry. Order matters only for end-game steps: RULES 4 scores barns
 * (Abbey & Mayor) before goods (Traders & Builders).
 */
import type { Expansion } from '../expansion.js';
import type { ExpansionId } from '../types.js';
import { abbeyMayor } from './abbey-mayor/index.js';
import { tradersBuilders } from './traders-builders/module.js';

const REGISTRY: readonly Expansion[] = [abbeyMayor, tradersBuilders];

export function orderedModules(ids: readonly ExpansionId[]): Expansion[] {
  return REGISTRY.filter((m) => ids.includes(m.id));
}
