/** The schemas a registry gives the HTTP layer's placeholders (`vocabulary.ts`), made once per registry. */
import type { Registry } from '../../engine/index.js';
import { gameStateSchema } from '../../service/state-schema.js';
import type { VocabularyTable } from './vocabulary.js';

const tables = new WeakMap<Registry, VocabularyTable>();

export function vocabularyTable(registry: Registry): VocabularyTable {
  let table = tables.get(registry);
  if (!table) {
    const { Move, GameEvent, ExpansionId, RuleOptions } = registry.schemas;
    table = { Move, GameEvent, ExpansionId, RuleOptions, GameState: gameStateSchema(registry) };
    tables.set(registry, table);
  }
  return table;
}
