/** Checks a response body against its TypeBox schema, so a schema that drifts from the engine fails loudly. */
import type { Test } from 'tap';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { DEFAULT_REGISTRY, type Registry } from '../../../src/engine/index.js';
import { resolveVocabulary } from '../../../src/http/schemas/vocabulary.js';
import { vocabularyTable } from '../../../src/http/schemas/vocabulary-table.js';

const compiled = new Map<TSchema, ReturnType<typeof Compile>>();

/** A route schema as an app of `registry` serves it: its vocabulary placeholders resolved. */
export const resolved = <S extends TSchema>(schema: S, registry: Registry = DEFAULT_REGISTRY): S =>
  resolveVocabulary(schema, vocabularyTable(registry));

export function conforms(t: Test, schema: TSchema, value: unknown, what: string, registry?: Registry): void {
  const full = resolved(schema, registry);
  let check = compiled.get(full);
  if (!check) {
    check = Compile(full);
    compiled.set(full, check);
  }
  const ok = check.Check(value);
  t.ok(ok, `${what} matches its schema`, ok ? {} : { errors: check.Errors(value).slice(0, 5) });
}
