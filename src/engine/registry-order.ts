/**
 * The order of a registry's modules: each after the modules its `after` names (expansion.ts),
 * otherwise in the order given. That order is the hooks' order, the catalog's (the order a
 * seeded pile is dealt from) and that of every list a client sees, so it is computed the same
 * way every time: a stable topological order, where each step takes the first module given
 * whose predecessors are all placed. A module added that no other names then never changes the
 * relative order of the others: a stored game plays as before.
 */
import type { Expansion } from './expansion.js';

export function orderModules(modules: readonly Expansion[]): Expansion[] {
  const byId = new Map<string, Expansion>();
  for (const m of modules) {
    if (byId.has(m.id)) throw new Error(`registry: the expansion ${m.id} is given twice`);
    byId.set(m.id, m);
  }
  // A registry may offer some expansions only (a service's choice): an `after` names an order
  // among those offered, and one not offered constrains nothing. Its names are typed
  // (`ExpansionId`), so a misspelt one does not compile.
  const before = (m: Expansion) => (m.after ?? []).filter((id) => byId.has(id));
  const placed = new Set<string>();
  const ordered: Expansion[] = [];
  while (ordered.length < modules.length) {
    const next = modules.find((m) => !placed.has(m.id) && before(m).every((id) => placed.has(id)));
    if (next === undefined) {
      throw new Error(`registry: the expansions' \`after\` make a cycle: ${cycle(modules, placed, before)}`);
    }
    placed.add(next.id);
    ordered.push(next);
  }
  return ordered;
}

/** A cycle among the modules not placed (each waits for one of them), as `a → b → a`. */
function cycle(modules: readonly Expansion[], placed: ReadonlySet<string>, before: (m: Expansion) => string[]): string {
  const waitsFor = new Map<string, string>(
    modules.filter((m) => !placed.has(m.id)).map((m) => [m.id, before(m).find((id) => !placed.has(id))!]),
  );
  const path: string[] = [];
  let id = waitsFor.keys().next().value!;
  while (!path.includes(id)) {
    path.push(id);
    id = waitsFor.get(id)!;
  }
  return [...path.slice(path.indexOf(id)), id].join(' → ');
}
