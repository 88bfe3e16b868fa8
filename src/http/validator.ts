import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** Fastify's validation error shape: `instancePath` and `message` make the problem's detail. */
interface Problem {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

const problem = (instancePath: string, message: string, keyword = 'schema'): Problem => ({
  keyword,
  instancePath,
  schemaPath: '',
  params: {},
  message,
});

/**
 * At most this many problems are reported, and explaining stops once it has them: a 64 KB
 * body of 32,000 wrong array entries cost ~64 ms of CPU when every entry was explained (TypeBox's
 * `Errors` walks the whole value), and a few such bodies stalled the server.
 */
export const MAX_PROBLEMS = 10;

/** TypeBox's leaf errors in words a client can act on (one line per member). */
function leafProblems(validator: Validator, value: unknown, path: string): Problem[] {
  const out: Problem[] = [];
  for (const e of validator.Errors(value)) {
    if (out.length >= MAX_PROBLEMS) break;
    if (e.keyword === 'additionalProperties') continue; // each extra member is named below
    let message = e.message;
    if (e.keyword === 'boolean' && e.schemaPath.endsWith('additionalProperties')) message = 'is not allowed';
    if (e.keyword === 'enum') message = `must be one of ${e.params.allowedValues.join(', ')}`;
    out.push(problem(path + e.instancePath, message, e.keyword));
  }
  return out;
}

type Validator = ReturnType<typeof Compile>;
const compiled = new WeakMap<object, Validator>();
function compile(schema: TSchema): Validator {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator;
}

interface SchemaNode {
  type?: string;
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The literal `type` of each branch, when every branch of an anyOf is an object tagged so. */
function tags(schema: SchemaNode): string[] | undefined {
  const values = schema.anyOf?.map((branch) => branch.properties?.type?.const);
  return values?.every((v) => typeof v === 'string') ? values : undefined;
}

/**
 * Why `value` fails `schema`, said the way a client needs it: a union tagged by `type` (a
 * move) is explained against the branch the value names, not as every branch's failure.
 */
function explain(schema: SchemaNode, value: unknown, path: string): Problem[] {
  const branchTags = tags(schema);
  if (branchTags) {
    const index = isRecord(value) ? branchTags.indexOf(value.type as string) : -1;
    if (index < 0) return [problem(`${path}/type`, `must be one of ${branchTags.join(', ')}`, 'enum')];
    return explain(schema.anyOf![index], value, path);
  }
  if (schema.type === 'object' && schema.properties && isRecord(value)) {
    const problems: Problem[] = [];
    for (const key of schema.required ?? []) {
      if (!(key in value)) problems.push(problem(path, `must have required property '${key}'`, 'required'));
    }
    for (const key in value) {
      if (problems.length >= MAX_PROBLEMS) break;
      const property = schema.properties[key];
      if (property) problems.push(...explain(property, value[key], `${path}/${key}`));
      else if (schema.additionalProperties === false)
        problems.push(problem(`${path}/${key}`, 'is not allowed', 'additionalProperties'));
    }
    return problems.slice(0, MAX_PROBLEMS);
  }
  if (schema.type === 'array' && schema.items && Array.isArray(value)) {
    // The length first: an array over its bound is one problem, whatever its entries hold.
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      return [problem(path, `must not have more than ${schema.maxItems} items`, 'maxItems')];
    }
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      return [problem(path, `must not have fewer than ${schema.minItems} items`, 'minItems')];
    }
    const problems: Problem[] = [];
    for (let i = 0; i < value.length && problems.length < MAX_PROBLEMS; i++) {
      problems.push(...explain(schema.items, value[i], `${path}/${i}`));
    }
    if (problems.length > 0) return problems.slice(0, MAX_PROBLEMS);
    // Every entry is fine: an array-level rule (uniqueItems) fails, on a bounded array.
  }
  const validator = compile(schema);
  return validator.Check(value) ? [] : leafProblems(validator, value, path);
}

/**
 * Query strings and path parameters arrive as strings: only a plain decimal integer becomes
 * an integer (`0x10`, `1.5`, `1e3`, `` and numbers beyond 2^53 stay strings and fail).
 */
function convertStrings(schema: SchemaNode, value: unknown): unknown {
  if (!isRecord(value) || !schema.properties) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, property] of Object.entries(schema.properties)) {
    const raw = out[key];
    if (typeof raw !== 'string') continue;
    if (property.type === 'integer' && /^-?[0-9]{1,16}$/.test(raw) && Number.isSafeInteger(Number(raw)))
      out[key] = Number(raw);
    else if (property.type === 'boolean' && (raw === 'true' || raw === 'false')) out[key] = raw === 'true';
  }
  return out;
}

/**
 * TypeBox validation: bodies are checked strictly (no coercion, no members silently
 * dropped); query strings and path parameters are converted from strings first, strictly.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = compile(schema);
  // Path parameters and headers that are all strings need no conversion: skip its cost.
  const properties = Object.values((schema as SchemaNode).properties ?? {});
  const convert = httpPart !== 'body' && !properties.every((p) => p.type === 'string');
  return (value: unknown) => {
    const converted = convert ? convertStrings(schema, value) : value;
    if (validator.Check(converted)) return { value: converted };
    const problems = explain(schema, converted, '');
    // Array-level rules (minItems...) of an object's member are not explained above.
    return { error: problems.length ? problems : leafProblems(validator, converted, '') };
  };
};

/** Fastify's `schemaController.compilersFactory.buildValidator`. */
export type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/** The validator compiler as Fastify's schema controller builds it for each encapsulation context. */
export const buildValidator: ValidatorFactory = () => (route) =>
  validatorCompiler(route as Parameters<typeof validatorCompiler>[0]) as ReturnType<ReturnType<ValidatorFactory>>;
