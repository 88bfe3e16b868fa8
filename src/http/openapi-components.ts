import { isDeepStrictEqual } from 'node:util';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Moves every titled schema into `components.schemas` and refers to it by `$ref`, so clients
 * generated from the document get named types (Move, GameEvent, GameState...) instead of
 * the same shapes inlined at every use. A title used by two different shapes stays inline.
 */
export function hoistTitledSchemas<T extends object>(document: T): T {
  const doc = structuredClone(document) as unknown as JsonObject;
  const found = new Map<string, JsonObject | null>();
  const collect = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!isObject(node)) return;
    for (const value of Object.values(node)) collect(value);
    const title = node.title;
    if (typeof title !== 'string' || !('type' in node || 'anyOf' in node)) return;
    const seen = found.get(title);
    if (seen === undefined) found.set(title, node);
    else if (seen !== null && !isDeepStrictEqual(seen, node)) found.set(title, null);
  };
  collect(doc.paths ?? null);

  const replace = (node: Json, root: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => replace(n, false));
    if (!isObject(node)) return node;
    const title = node.title;
    if (!root && typeof title === 'string' && found.get(title)) return { $ref: `#/components/schemas/${title}` };
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = replace(value, false);
    return out;
  };
  const schemas: JsonObject = {};
  for (const [title, schema] of [...found.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (schema) schemas[title] = replace(schema, true);
  }
  doc.paths = replace(doc.paths ?? null, false);
  const components = isObject(doc.components) ? doc.components : {};
  doc.components = {
    ...components,
    schemas: { ...(isObject(components.schemas) ? components.schemas : {}), ...schemas },
  };
  return doc as unknown as T;
}
