/**
 * The one module that makes JSON (`src/service/json-pieces.ts`): what it writes is what
 * JSON.stringify writes of the same values (member order aside), members a schema does not name
 * are left out, kept pieces are reused only while they are right, and a value its schema does not
 * describe is an error rather than wrong JSON.
 */
import t from 'tap';
import { Type, type Static } from 'typebox';
import {
  appendedArray,
  arrayJson,
  entriesRecord,
  kept,
  objectWriter,
  serializer,
  lastValue,
  sharedItems,
  type Json,
} from '../../src/service/json-pieces.js';

const Tile = Type.Object({ tile: Type.String(), x: Type.Integer(), rotation: Type.Enum([0, 90, 180, 270]) });
type TileValue = Static<typeof Tile>;

/** Tile's serializer, and one that counts its calls (a kept piece is not written again). */
function countedTile() {
  const tile = serializer(Tile);
  const count = { written: 0 };
  const counting = (v: TileValue) => {
    count.written++;
    return tile(v);
  };
  return { tile, counting, count };
}
const Event = Type.Union([
  Type.Object({ type: Type.Literal('tileDrawn'), seat: Type.Integer(), tile: Type.String() }),
  Type.Union([Type.Object({ type: Type.Literal('gameEnded'), scores: Type.Array(Type.Integer()) })]),
]);

t.test('a compiled serializer writes what its schema names, as JSON.stringify would', async (t) => {
  const tile = serializer(Tile);
  t.equal(tile({ tile: 'base/A', x: -3, rotation: 90 }), '{"tile":"base/A","x":-3,"rotation":90}');
  t.equal(
    tile({ tile: 'a"\\\n', x: 0, rotation: 0, extra: 1 } as never),
    `{"tile":${JSON.stringify('a"\\\n')},"x":0,"rotation":0}`,
    'strings escaped; a member the schema does not name left out',
  );
  const nullable = serializer(Type.Object({ actor: Type.Union([Type.Integer(), Type.Null()]) }));
  t.same([nullable({ actor: null }), nullable({ actor: 2 })], ['{"actor":null}', '{"actor":2}']);
});

t.test('a union of typed objects is written by the member its type names', async (t) => {
  const events = serializer(Type.Array(Event));
  const value = [
    { type: 'tileDrawn' as const, seat: 1, tile: 'base/D', secret: 'x' },
    { type: 'gameEnded' as const, scores: [3, 4] },
  ];
  t.equal(events(value), '[{"type":"tileDrawn","seat":1,"tile":"base/D"},{"type":"gameEnded","scores":[3,4]}]');
  t.throws(() => events([{ type: 'nothing' } as never]), /matches no member/);
});

t.test("a record's keys are written once each, in the value's order", async (t) => {
  const counts = serializer(Type.Record(Type.String(), Type.Integer()));
  const value = { 'base/B': 2, 'base/A': 1, 'x"y': 3 };
  t.equal(counts(value), JSON.stringify(value));
  t.equal(counts({}), '{}');
});

t.test('an object writer takes the given members as pieces, the others from the value', async (t) => {
  const Answer = Type.Object({
    version: Type.Integer(),
    clock: Type.Optional(Type.Integer()),
    events: Type.Array(Event),
    state: Type.Optional(Tile),
  });
  const write = objectWriter(Answer, { given: ['events', 'state'] });
  const events = serializer(Type.Array(Event))([{ type: 'tileDrawn', seat: 0, tile: 'base/A' }]);
  t.equal(write({ version: 3 }, { events }), '{"version":3,"events":[{"type":"tileDrawn","seat":0,"tile":"base/A"}]}');
  t.equal(
    write({ version: 4, clock: 9, state: { tile: 'base/B', x: 1, rotation: 0 } }, { events: '[]' as Json<never[]> }),
    '{"version":4,"clock":9,"events":[],"state":{"tile":"base/B","x":1,"rotation":0}}',
    'a given member left out is written from the value',
  );
  t.throws(() => write({ version: 5 }), /"events" is required/);
  const optional = objectWriter(Type.Object({ a: Type.Optional(Type.Integer()) }));
  t.equal(optional({}), '{}');
});

t.test("an appended array's kept JSON is used while the array only grew", async (t) => {
  const { tile, counting, count } = countedTile();
  const writer = appendedArray(counting);
  const tiles = writer();
  const a = { tile: 'a', x: 0, rotation: 0 as const };
  const b = { tile: 'b', x: 1, rotation: 90 as const };
  const c = { tile: 'c', x: 2, rotation: 180 as const };
  t.equal(tiles([a, b]), arrayJson([tile(a), tile(b)]));
  t.equal(tiles([a, b, c]), arrayJson([tile(a), tile(b), tile(c)]));
  t.equal(count.written, 3, 'each tile written once');
  t.equal(tiles([a, c]), arrayJson([tile(a), tile(c)]), 'an array that is not the kept one grown is written anew');
  t.equal(tiles([]), '[]');
  t.equal(writer()([c]), arrayJson([tile(c)]), "another owner's writer has its own");
  t.equal(tiles([a, b]), arrayJson([tile(a), tile(b)]));
});

t.test('an appended array grown past its kept pieces writes each item once, in order', async (t) => {
  const { tile, counting, count } = countedTile();
  const tiles = appendedArray(counting)();
  const all = Array.from({ length: 40 }, (_, i) => ({ tile: `t${i}`, x: i, rotation: 0 as const }));
  for (const n of [1, 15, 16, 17, 31, 32, 33, 40])
    t.equal(tiles(all.slice(0, n)), arrayJson(all.slice(0, n).map(tile)), `${n} items`);
  t.equal(count.written, 40, 'each item written once, across the pieces');
  t.equal(tiles(all.slice(0, 33)), arrayJson(all.slice(0, 33).map(tile)), 'a shorter array: written anew');
});

t.test("a record's entries are written as the record with those members would be", async (t) => {
  const Counts = Type.Record(Type.String(), Type.Integer());
  const entries = entriesRecord(Counts);
  const record = serializer(Counts);
  const counts = entries();
  t.equal(counts({ keys: ['base/A', 'a"b'], values: [2, 70] }), record({ 'base/A': 2, 'a"b': 70 }));
  t.equal(counts({ keys: ['base/A', 'a"b'], values: [2, 70] }), JSON.stringify({ 'base/A': 2, 'a"b': 70 }));
  t.equal(counts({ keys: ['base/A', 'a"b'], values: [undefined, 3] }), '{"a\\"b":3}', 'an undefined value: no member');
  t.equal(counts({ keys: [], values: [] }), '{}');
  t.equal(counts({ keys: ['x'], values: [undefined] }), '{}');
  t.throws(() => entriesRecord(Tile as never), /not a record schema/);
});

t.test("a record's entries changed a few at a time are written right, over many pieces", async (t) => {
  const counts = entriesRecord(Type.Record(Type.String(), Type.Integer()))();
  const keys = Array.from({ length: 70 }, (_, i) => `base/${i}`);
  const values: (number | undefined)[] = keys.map((_, i) => (i % 9 === 0 ? undefined : 1 + (i % 4)));
  const expected = (vs: readonly (number | undefined)[]) =>
    JSON.stringify(Object.fromEntries(keys.flatMap((k, i) => (vs[i] === undefined ? [] : [[k, vs[i]]]))));
  const wrong: string[] = [];
  for (let draw = 0; draw < 200; draw++) {
    const at = (draw * 37) % keys.length;
    const n = values[at];
    values[at] = n === undefined ? 4 : n === 1 ? undefined : n - 1;
    const entries = { keys, values: values.slice() };
    if (counts(entries) !== expected(entries.values)) wrong.push(`draw ${draw}`);
    if (counts(entries) !== expected(entries.values)) wrong.push(`draw ${draw}, the same entries again`);
  }
  t.same(wrong, [], '200 records, one value changed each: each as JSON.stringify writes it');
  const fewer = keys.slice(0, 20);
  t.equal(
    counts({ keys: fewer, values: fewer.map(() => 1) }),
    expected(keys.map((_, i) => (i < 20 ? 1 : undefined))),
    'other keys',
  );
  t.equal(counts({ keys, values: keys.map(() => undefined) }), '{}', 'no member');
});

t.test("shared items' JSON is kept until an item is not the one in its place; each item is written once", async (t) => {
  const { counting, count } = countedTile();
  const all = serializer(Type.Array(Tile));
  const writer = sharedItems(counting);
  const figures = writer();
  const a = { tile: 'a', x: 0, rotation: 0 as const };
  const b = { tile: 'b', x: 1, rotation: 90 as const };
  t.equal(figures([a, b]), all([a, b]));
  t.equal(figures([a, b]), all([a, b]));
  t.equal(count.written, 2, 'the same items: each written once');
  t.equal(figures([b]), all([b]));
  t.equal(count.written, 2, 'an item kept: not written again');
  const c = { ...b };
  t.equal(figures([b, c]), all([b, c]));
  t.equal(count.written, 3, 'another item: written');
  t.equal(figures([a, b, c]), all([a, b, c]));
  t.equal(count.written, 4, 'an item that left and came back: written again');
  const d = { ...a, x: 5 };
  t.equal(figures([a, c, d]), all([a, c, d]));
  t.equal(count.written, 5, 'an item gone from the middle: the others kept');
  t.equal(figures([d, a]), all([d, a]), 'the items in another order');
  t.equal(figures([]), '[]');
  t.equal(writer()([a]), all([a]), "another owner's writer: its own list and pieces");
});

t.test("the last value's JSON is written once, until another value comes", async (t) => {
  const { tile: one, counting, count } = countedTile();
  const tiles = lastValue(counting)();
  const a = { tile: 'a', x: 0, rotation: 0 as const };
  t.equal(tiles(a), one(a));
  t.equal(tiles(a), one(a));
  t.equal(count.written, 1);
  const b = { ...a, x: 2 };
  t.equal(tiles(b), one(b));
  t.equal(count.written, 2, 'another value: written');
  t.equal(tiles(a), one(a));
  t.equal(count.written, 3, 'only the last one is kept');
});

t.test(
  "a record of numbers is written as JSON.stringify would, each member's JSON kept per key and value",
  async (t) => {
    const counts = serializer(Type.Record(Type.String(), Type.Integer()));
    t.equal(counts({}), '{}');
    t.equal(counts({ 'base/A': 2, 'a"b': 1 }), JSON.stringify({ 'base/A': 2, 'a"b': 1 }));
    t.equal(
      counts({ 'a"b': 1, 'base/A': 3 }),
      JSON.stringify({ 'a"b': 1, 'base/A': 3 }),
      'the same key, another value',
    );
    t.equal(counts({ 'base/A': 2, x: undefined } as never), '{"base/A":2}', 'an undefined member left out');
    const flags = serializer(Type.Record(Type.String(), Type.Boolean()));
    t.equal(flags({ a: true, b: false }), '{"a":true,"b":false}');
    const names = serializer(Type.Record(Type.String(), Type.String()));
    t.equal(names({ a: 'x"y' }), JSON.stringify({ a: 'x"y' }));
  },
);

t.test('a kept piece is the same text', async (t) => {
  const text = serializer(Type.Array(Tile))([{ tile: 'a', x: 1, rotation: 0 }]);
  t.equal(kept(text), text);
});
