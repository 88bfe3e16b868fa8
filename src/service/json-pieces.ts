/**
 * JSON text, made only by serializers compiled from schemas: Fastify's own (fast-json-stringify,
 * through the compiler Fastify uses), compiled here from the schema a value is declared with. A
 * piece of JSON is typed with what it holds (`Json<T>`), so it goes only where a T goes.
 *
 * Some answers hold pieces written earlier and kept: the state of a version, a log entry's events,
 * the placed tiles of a game. An answer is then written by `objectWriter`, compiled from the
 * answer's schema: each member is written by the serializer compiled from that member's schema,
 * or is a piece of it given as JSON. This is the one module that puts JSON text together; it
 * knows no shape, only the schemas it is given. Nobody edits JSON text.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Static, TObject, TSchema } from 'typebox';

declare const HOLDS: unique symbol;
/** JSON text of a `T`, written by a serializer compiled from T's schema. */
export type Json<T> = string & { readonly [HOLDS]: T };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const jsonType = (value: unknown) => (typeof value === 'number' ? 'number' : typeof value);

/**
 * `schema` as the serializer is compiled from it, each value's JSON type spelled out (the documents
 * leave it implicit): fast-json-stringify writes an `enum` without a `type` through
 * JSON.stringify, and a nullable `anyOf` by trying its branches with a validator, value by value.
 * So an enum of one JSON type gets that `type`, and `anyOf: [T, null]` becomes `type: [T, 'null']`.
 * Spelled out, a 111-tile state with both expansions was written in ~17 µs
 * instead of ~28 (measured alternately in one process, the tiles' `rotation` most of it).
 */
export function typed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(typed);
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema))
    out[key] =
      (key === 'properties' || key === 'patternProperties') && isNode(value)
        ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, typed(member)]))
        : typed(value);
  if (Array.isArray(out.enum) && out.type === undefined) {
    const types = new Set(out.enum.map(jsonType));
    if (types.size === 1) out.type = [...types][0];
  }
  const anyOf: unknown = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && isNode(anyOf[0]) && isNode(anyOf[1])) {
    const value = anyOf[0];
    const none = anyOf[1];
    if (none.type === 'null' && typeof value.type === 'string' && value.type !== 'object' && value.type !== 'array') {
      delete out.anyOf;
      Object.assign(out, value, { type: [value.type, 'null'] });
    }
  }
  return out;
}

const compile = SerializerSelector()({}, {});
const compiled = new WeakMap<object, (value: unknown) => string>();

/**
 * The members of a union of objects told apart by a literal `type` (the moves, the events, the
 * acts; nested unions flattened), by that `type`; undefined for any other schema.
 */
function taggedMembers(schema: unknown): Map<string, Node> | undefined {
  if (!isNode(schema) || !Array.isArray(schema.anyOf)) return undefined;
  const members = new Map<string, Node>();
  for (const member of schema.anyOf as unknown[]) {
    const nested = taggedMembers(member);
    if (nested) {
      for (const [type, node] of nested) members.set(type, node);
      continue;
    }
    const type = isNode(member) && isNode(member.properties) ? member.properties.type : undefined;
    if (!isNode(type) || typeof type.const !== 'string') return undefined;
    members.set(type.const, member as Node);
  }
  return members;
}

/** Keys whose JSON a record's serializer keeps. */
const MAX_KEYS = 4096;
/** Integers below it have their members' JSON kept (a record's counts). */
const SMALL = 64;

/** The members' schema of a record (an object of any keys, `Type.Record(Type.String(), …)`); undefined for any other schema. */
function recordOf(schema: Node): Node | undefined {
  const patterns = schema.patternProperties;
  if (schema.type !== 'object' || schema.properties !== undefined || !isNode(patterns)) return undefined;
  const keys = Object.keys(patterns);
  const members = patterns['^.*$'];
  return keys.length === 1 && isNode(members) ? members : undefined;
}

/** A record's key as its members' JSON starts, and their JSON per small integer value. */
interface RecordKey {
  name: string;
  small: string[] | undefined;
}

/**
 * A record's members as JSON, `"key":value`. fast-json-stringify escapes each key anew, character
 * by character (the pile's ~70 tile ids in every state); here `"key":` is made once per key
 * (`key`), and with a small integer for a value (a count), the whole member once per key and value
 * (`write`).
 */
function recordMembers(record: Node) {
  const item = compiledFrom(record);
  const integers = record.type === 'integer';
  const names = new Map<string, RecordKey>();
  return {
    key(key: string): RecordKey {
      let known = names.get(key);
      if (known === undefined) {
        known = { name: `${JSON.stringify(key)}:`, small: integers ? [] : undefined };
        if (names.size < MAX_KEYS) names.set(key, known);
      }
      return known;
    },
    write(key: RecordKey, value: unknown): string {
      if (key.small !== undefined && typeof value === 'number' && value >= 0 && value < SMALL && value % 1 === 0)
        return (key.small[value] ??= key.name + item(value));
      return key.name + item(value);
    },
  };
}

function compiledFrom(schema: Node): (value: unknown) => string {
  const tagged = taggedMembers(schema);
  if (tagged) {
    // fast-json-stringify writes a union by trying its members' validators in turn, value by
    // value: ~0.5 µs an event. Chosen by its `type`, a member's own serializer writes it.
    const byType = new Map([...tagged].map(([type, member]) => [type, compiledFrom(member)]));
    return (value) => {
      const serialize = byType.get((value as { type?: string }).type ?? '');
      if (serialize === undefined) throw new TypeError('the value matches no member of its union');
      return serialize(value);
    };
  }
  const record = recordOf(schema);
  if (record) {
    const members = recordMembers(record);
    return (value) => {
      let json = '';
      for (const key in value as Node) {
        const v = (value as Node)[key];
        if (v === undefined || !Object.hasOwn(value as Node, key)) continue;
        const piece = members.write(members.key(key), v);
        json = json === '' ? `{${piece}` : `${json},${piece}`;
      }
      return json === '' ? '{}' : `${json}}`;
    };
  }
  const items = schema.type === 'array' && isNode(schema.items) ? schema.items : undefined;
  if (items && taggedMembers(items)) {
    const item = compiledFrom(items);
    return (value) => arrayJson((value as unknown[]).map(item) as Json<unknown>[]);
  }
  return compile({ schema: typed(schema), method: '', url: '', httpStatus: '' });
}

/** The serializer compiled from `schema` (once per schema object). */
export function serializer<S extends TSchema>(schema: S): (value: Static<S>) => Json<Static<S>> {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = compiledFrom(schema as unknown as Node);
    compiled.set(schema, serialize);
  }
  return serialize as (value: Static<S>) => Json<Static<S>>;
}

/** A record's members as two lists: its keys, and their values in the same order. */
export interface RecordEntries<V> {
  readonly keys: readonly string[];
  readonly values: readonly V[];
}

/**
 * The serializer of a record schema (`Type.Record(Type.String(), …)`) for its members given as
 * entries: the record's JSON without an object to read (a record built only to be written costs
 * more than writing it, V8 keeping one of many keys as a dictionary).
 */
export function entriesSerializer<S extends TSchema>(
  schema: S,
): (entries: RecordEntries<Static<S>[keyof Static<S>]>) => Json<Static<S>> {
  const record = recordOf(schema as Node);
  if (record === undefined) throw new TypeError('not a record schema');
  const members = recordMembers(record);
  return ({ keys, values }) => {
    let json = '';
    for (let i = 0; i < keys.length; i++) {
      const piece = members.write(members.key(keys[i]), values[i]);
      json = i === 0 ? `{${piece}` : `${json},${piece}`;
    }
    return (json === '' ? '{}' : `${json}}`) as Json<Static<S>>;
  };
}

/** An array of pieces written earlier, as the array's JSON. */
export const arrayJson = <T>(items: readonly Json<T>[]): Json<T[]> => `[${items.join(',')}]` as Json<T[]>;

/**
 * A piece to keep. A serializer's text is a tree of the pieces it appended; reading it as a number
 * flattens it in place into one string, so a piece kept for long holds one string instead of a
 * tree of hundreds (which each garbage collection would walk again) and is copied out of one
 * piece each time it is sent.
 */
export function kept<S extends string>(text: S): S {
  Number(text);
  return text;
}

type Members<S extends TObject> = Static<S>;
type Key<S extends TObject> = keyof Members<S> & string;

/**
 * The serializer of an object schema whose `given` members may come as pieces: `value` holds the
 * others (and may hold those too), written by their members' compiled serializers, in the schema's
 * order; a required member missing from both is an error, as in a compiled serializer.
 */
export function objectWriter<S extends TObject, G extends Key<S> = never>(
  schema: S,
  { given = [] }: { given?: readonly G[] } = {},
): (
  value: Omit<Members<S>, G> & Partial<Pick<Members<S>, G>>,
  pieces?: { [K in G]?: Json<Members<S>[K]> },
) => Json<Members<S>> {
  const required = new Set<string>(schema.required ?? []);
  // Each member's name written once, as it opens the object and as it follows another.
  const members = Object.entries(schema.properties as Record<string, TSchema>).map(([key, member]) => ({
    key,
    first: `{${JSON.stringify(key)}:`,
    next: `,${JSON.stringify(key)}:`,
    required: required.has(key),
    given: (given as readonly string[]).includes(key),
    write: serializer(member),
  }));
  return (value, pieces) => {
    const values = value as Record<string, unknown>;
    const given = pieces as Record<string, string | undefined> | undefined;
    let json = '';
    for (const m of members) {
      let piece = m.given ? given?.[m.key] : undefined;
      if (piece === undefined) {
        const member = values[m.key];
        if (member === undefined) {
          if (m.required) throw new Error(`"${m.key}" is required!`);
          continue;
        }
        piece = m.write(member);
      }
      json = json === '' ? m.first + piece : json + m.next + piece;
    }
    return (json === '' ? '{}' : `${json}}`) as Json<Members<S>>;
  };
}

/** Items of an `appendedArray` per kept piece. */
const CHUNK = 16;

/*
 * The writers below keep what they wrote for one owner (a game): each call of the function they
 * return makes a writer for a new owner, which the owner keeps beside its other writers, so that
 * a state finds all it kept with one lookup.
 */

/**
 * The JSON of arrays that only ever grow (a game's placed tiles): the items written so far are
 * kept, and only new ones are written, by `item`. An array that is not the kept one grown (its
 * last kept item is not where it was) is written anew. The items are kept in pieces of `CHUNK`,
 * each flattened (`kept`) as it grows: flattening all of them at every new item cost ~2 µs late
 * in a game.
 */
export function appendedArray<T extends object>(item: (value: T) => Json<T>) {
  return () => {
    let count = 0;
    let last: T | undefined;
    let full = '';
    let tail = '';
    return (items: readonly T[]): Json<T[]> => {
      if (count > items.length || (count > 0 && items[count - 1] !== last)) [count, full, tail] = [0, '', ''];
      if (count < items.length) {
        for (let i = count; i < items.length; i++) {
          tail += `${i > 0 ? ',' : ''}${item(items[i])}`;
          if ((i + 1) % CHUNK === 0) [full, tail] = [full + kept(tail), ''];
        }
        tail = kept(tail);
        count = items.length;
        last = items[items.length - 1];
      }
      return `[${full}${tail}]` as Json<T[]>;
    };
  };
}

/**
 * The JSON of arrays whose items are objects shared by many answers that never change (the
 * figures' views): each item is written once, by `item`, and kept while it is in use; an array
 * is its items' pieces joined, kept until an item is not the one kept in its place.
 */
export function sharedItems<T extends object>(item: (value: T) => Json<T>) {
  const pieces = new WeakMap<T, Json<T>>();
  const pieceOf = (value: T): Json<T> => {
    let json = pieces.get(value);
    if (json === undefined) pieces.set(value, (json = kept(item(value))));
    return json;
  };
  return () => {
    let known: T[] = [];
    let json = arrayJson<T>([]);
    return (items: T[]): Json<T[]> => {
      if (known === items) return json;
      let same = known.length === items.length;
      for (let i = 0; same && i < items.length; i++) same = known[i] === items[i];
      if (!same) json = arrayJson(items.map(pieceOf));
      known = items;
      return json;
    };
  };
}

/**
 * The JSON of values never changed once made, of which an owner has one at a time (a game's
 * rules, its seats: a change makes a new value; the pile's counts, new after each draw): the
 * last one's is kept.
 */
export function lastValue<T extends object, J extends string>(serialize: (value: T) => J) {
  return () => {
    let last: T | undefined;
    let json: J | undefined;
    return (value: T): J => {
      if (value !== last || json === undefined) [last, json] = [value, kept(serialize(value))];
      return json;
    };
  };
}
