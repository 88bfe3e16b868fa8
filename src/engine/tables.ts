/**
 * A game's fixed typed tables (the features' eight, the three key grids' first rectangles) are
 * views on one buffer, made with the game and copied with it in one allocation off the heap: a
 * typed array of its own is one such allocation each, and they were most of the time play()
 * spends copying a game (docs/performance.md, issue 27's sixth pass). A table that outgrows its
 * place (a key grid widening) moves to a buffer of its own and is copied on its own.
 */
export type Table = Int32Array<ArrayBuffer> | Int16Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/** `table`'s counterpart in a copy whose shared buffer `to` is a copy of `from`. */
export function tableCopy<T extends Table>(table: T, from: ArrayBuffer, to: ArrayBuffer): T {
  if (table.buffer !== from) return table.slice() as T;
  const View = table.constructor as new (buffer: ArrayBuffer, offset: number, length: number) => T;
  return new View(to, table.byteOffset, table.length);
}
