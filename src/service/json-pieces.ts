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
import type { RecordEntries } from '../engine/index.js';

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

/**
 * The JSON of records given as entries (a record schema, `Type.Record(Type.String(), …)`), for an
 * owner whose records share their keys and differ from the last one in a few values (a game's pile
 * counts: one count a draw). No record object is read (built only to be written, one of many keys
 * costs more than writing it, V8 keeping it as a dictionary). The members are kept in pieces of
 * `CHUNK` keys, and only the pieces with a changed value are written again: writing all ~70 of
 * the pile's members at each draw cost ~1.5 µs.
 */
export function entriesRecord<S extends TSchema>(schema: S) {
  const record = recordOf(schema as Node);
  if (record === undefined) throw new TypeError('not a record schema');
  const members = recordMembers(record);
  type V = Static<S>[keyof Static<S>];
  return () => {
    let last: RecordEntries<V> | undefined;
    let names: RecordKey[] = [];
    let values: (V | undefined)[] = [];
    let pieces: string[] = [];
    let json = '{}';
    return (entries: RecordEntries<V>): Json<Static<S>> => {
      if (entries === last) return json as Json<Static<S>>;
      if (last === undefined || entries.keys !== last.keys) {
        names = entries.keys.map((key) => members.key(key));
        [values, pieces] = [[], []];
      }
      last = entries;
      let all = '';
      for (let start = 0, p = 0; start < names.length; start += CHUNK, p++) {
        const end = Math.min(start + CHUNK, names.length);
        let same = pieces[p] !== undefined;
        for (let i = start; same && i < end; i++) same = values[i] === entries.values[i];
        if (!same) {
          let piece = '';
          for (let i = start; i < end; i++) {
            const value = (values[i] = entries.values[i]);
            if (value === undefined) continue;
            const member = members.write(names[i], value);
            piece = piece === '' ? member : `${piece},${member}`;
          }
          pieces[p] = kept(piece);
        }
        if (pieces[p] !== '') all = all === '' ? pieces[p] : `${all},${pieces[p]}`;
      }
      json = kept(`{${all}}`);
      return json as Json<Static<S>>;
    };
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
 *
 * Like fast-json-stringify's, it is a function written for the schema: each member read by its
 * name and written by its own serializer. A loop over the members, reading each by a changing
 * name and calling a changing serializer, made a state's JSON ~7 % slower (120 games played in
 * turn, the two measured alternately in one process).
 */
export function objectWriter<S extends TObject, G extends Key<S> = never>(
  schema: S,
  { given = [] }: { given?: readonly G[] } = {},
): (
  value: Omit<Members<S>, G> & Partial<Pick<Members<S>, G>>,
  pieces?: { [K in G]?: Json<Members<S>[K]> },
) => Json<Members<S>> {
  const required = new Set<string>(schema.required ?? []);
  const members = Object.entries(schema.properties as Record<string, TSchema>);
  // The names are JSON strings, which are JavaScript string literals too.
  const body = members.map(([key], i) => {
    const name = JSON.stringify(key);
    const missing = required.has(key) ? `else throw new Error(${JSON.stringify(`"${key}" is required!`)});` : '';
    return `
      piece = ${(given as readonly string[]).includes(key) ? `pieces === undefined ? undefined : pieces[${name}]` : 'undefined'};
      if (piece === undefined) { member = value[${name}]; if (member !== undefined) piece = write[${i}](member); ${missing} }
      if (piece !== undefined) json = json === '' ? first[${i}] + piece : json + next[${i}] + piece;`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code written here from the schema's own names
  const make = new Function(
    'write',
    'first',
    'next',
    `return function writeObject(value, pieces) {
      let json = '', piece, member;${body.join('')}
      return json === '' ? '{}' : json + '}';
    };`,
  ) as (...parts: unknown[][]) => ReturnType<typeof objectWriter<S, G>>;
  return make(
    members.map(([, member]) => serializer(member)),
    members.map(([key]) => `{${JSON.stringify(key)}:`),
    members.map(([key]) => `,${JSON.stringify(key)}:`),
  );
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
 * is its items' pieces joined, kept until an item is not the one kept in its place. The items
 * kept are found in the new array in their order (items come at the end and leave from anywhere):
 * looking each up in a map made a state's JSON ~5 % slower.
 */
export function sharedItems<T extends object>(item: (value: T) => Json<T>) {
  return () => {
    let known: readonly T[] = [];
    let pieces: Json<T>[] = [];
    let json = arrayJson<T>([]);
    return (items: readonly T[]): Json<T[]> => {
      if (known === items) return json;
      let same = known.length === items.length;
      for (let i = 0; same && i < items.length; i++) same = known[i] === items[i];
      if (!same) {
        const next: Json<T>[] = [];
        for (let i = 0, j = 0; i < items.length; i++) {
          let k = j;
          while (k < known.length && known[k] !== items[i]) k++;
          if (k < known.length) {
            next.push(pieces[k]);
            j = k + 1;
          } else next.push(kept(item(items[i])));
        }
        [pieces, json] = [next, arrayJson(next)];
      }
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
