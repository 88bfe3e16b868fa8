/**
 * The expansion registry's vocabulary in the HTTP schemas. The route schemas are module
 * constants, so they name the registry's schemas by placeholder (`{ $ref: "vocabulary:Move" }`,
 * typed with the engine's type); buildApp resolves the placeholders against its registry as
 * each route is added (`resolveVocabulary` in an onRoute hook), before validation, the response
 * serialiser and the OpenAPI document read the schema. An expansion's moves, events, figures
 * and view members thus reach every route without a schema module naming them.
 */
import type { TSchema } from 'typebox';
import {
  VOCABULARY_REF as PREFIX,
  vocabularyRef as vocabulary,
  type ExpansionId,
  type GameEvent,
  type Move,
  type Rules,
  type VocabularyName,
} from '../../engine/index.js';

export type VocabularyTable = Readonly<Record<VocabularyName, TSchema>>;
export { vocabulary };

export const MoveSchema = vocabulary<Move>('Move');
export const GameEventSchema = vocabulary<GameEvent>('GameEvent');
export const ExpansionIdSchema = vocabulary<ExpansionId>('ExpansionId');
export const RuleOptionsSchema = vocabulary<Partial<Rules>>('RuleOptions');

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** Resolved schemas per table, so apps of one registry share them (and their compiled validators). */
const resolvedByTable = new WeakMap<VocabularyTable, WeakMap<object, unknown>>();

/** `schema` with each placeholder replaced by the table's schema; parts without one are shared, not copied. */
export function resolveVocabulary<S>(schema: S, table: VocabularyTable): S {
  if (!isNode(schema)) return schema;
  let resolved = resolvedByTable.get(table);
  if (!resolved) {
    resolved = new WeakMap();
    resolvedByTable.set(table, resolved);
  }
  const known = resolved.get(schema);
  if (known !== undefined) return known as S;
  const ref = schema.$ref;
  let out: unknown = schema;
  if (typeof ref === 'string' && ref.startsWith(PREFIX)) {
    out = resolveVocabulary(table[ref.slice(PREFIX.length) as VocabularyName], table);
  } else {
    let copy: Node | unknown[] | undefined;
    const entries: Iterable<[number | string, unknown]> = Array.isArray(schema)
      ? (schema as unknown[]).entries()
      : Object.entries(schema);
    for (const [key, value] of entries) {
      const next = resolveVocabulary(value, table);
      if (next === value) continue;
      copy ??= Array.isArray(schema) ? [...schema] : { ...schema };
      (copy as Node)[key as string] = next;
    }
    if (copy) out = copy;
  }
  resolved.set(schema, out);
  return out as S;
}
