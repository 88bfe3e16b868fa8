/**
 * An expansion's own part of the game state (its "slot"): created with the game, copied with
 * it, read only by the module that owns it. The core keeps the slots in one array indexed by
 * slot number and never looks inside; slots are numbered as the modules that define them load.
 */
import type { Config } from './config.js';

export interface SlotDef {
  readonly index: number;
  create(cfg: Config): unknown;
  copy(value: unknown): unknown;
}

/** Every slot defined, by index, so a state's slots can be copied without knowing their types. */
const SLOTS: SlotDef[] = [];

export class StateSlot<S> implements SlotDef {
  readonly index: number;
  private readonly make: (cfg: Config) => S;
  private readonly dup: (value: S) => S;

  constructor(make: (cfg: Config) => S, dup: (value: S) => S) {
    this.make = make;
    this.dup = dup;
    this.index = SLOTS.push(this) - 1;
  }

  create(cfg: Config): S {
    return this.make(cfg);
  }

  // The value at this index was made by this slot's create (or copy), so it is an S.
  copy(value: unknown): S {
    return this.dup(value as S);
  }

  /** This slot's value in a game; only the owning module calls it, only in games that use it. */
  of(g: { readonly slots: readonly unknown[] }): S {
    return g.slots[this.index] as S;
  }
}

export function createSlots(cfg: Config): unknown[] {
  const slots = new Array<unknown>(SLOTS.length);
  for (const m of cfg.modules) if (m.slot) slots[m.slot.index] = m.slot.create(cfg);
  return slots;
}

export function copySlots(slots: readonly unknown[]): unknown[] {
  return slots.map((v, i) => (v === undefined ? v : SLOTS[i]?.copy(v)));
}
