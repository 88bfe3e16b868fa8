/** Checks a response body against its TypeBox schema, so a schema that drifts from the engine fails loudly. */
import type { Test } from 'tap';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { DEFAULT_REGISTRY } from '../../../src/engine/index.js';
import { routeSchemas } from '../../../src/http/schemas/index.js';

/** The route schemas of an app with the default registry (an app of another registry: `routeSchemas(registry)`). */
export const SCHEMAS = routeSchemas(DEFAULT_REGISTRY);

const compiled = new Map<TSchema, ReturnType<typeof Compile>>();

export function conforms(t: Test, schema: TSchema, value: unknown, what: string): void {
  let check = compiled.get(schema);
  if (!check) {
    check = Compile(schema);
    compiled.set(schema, check);
  }
  const ok = check.Check(value);
  t.ok(ok, `${what} matches its schema`, ok ? {} : { errors: check.Errors(value).slice(0, 5) });
}
