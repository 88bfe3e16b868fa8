/**
 * Runs the spec's worked examples (test/fixtures/examples) directly against the engine.
 * The HTTP suite runs the same files through the real service.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createGame,
  legalMoves,
  play,
  publicView,
  type Game,
  type GameSetup,
  type Move,
} from '../../src/engine/index.js';

export interface Example {
  name: string;
  tags: string[];
  checks: string;
  create: GameSetup;
  steps: Step[];
}
export type Step =
  | { seat: number; move: Move }
  | {
      expectLegal: {
        actor?: number | null;
        includes?: object[];
        excludes?: object[];
        exactly?: { filter: object; moves: object[] };
      };
    }
  | { expectIllegal: { seat: number; move: Move } }
  | { expect: { scores?: number[]; status?: string; goods?: object[]; figures?: object[]; actor?: number | null } };

const dir = fileURLToPath(new URL('../fixtures/examples/', import.meta.url));

export function loadExamples(): { file: string; example: Example }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, example: JSON.parse(readFileSync(dir + file, 'utf8')) as Example }));
}

/** Partial match: every key the expected object names is equal (recursively for objects). */
export function matches(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e))
    );
  }
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
}

/** Figures match as a multiset: each expected figure pairs with a distinct actual one. */
export function figuresMatch(actual: object[], expected: object[]): boolean {
  if (actual.length !== expected.length) return false;
  const used = new Set<number>();
  return expected.every((e) => {
    const i = actual.findIndex((a, j) => !used.has(j) && matches(a, e));
    if (i < 0) return false;
    used.add(i);
    return true;
  });
}

/** Plays an example; returns the list of failures (empty when everything held). */
export function runExampleOnEngine(ex: Example): string[] {
  const fails: string[] = [];
  const created = createGame(ex.create);
  if (!created.ok) return [`create: ${created.error.code} ${created.error.reason}`];
  let g: Game = created.value.game;
  ex.steps.forEach((step, i) => {
    if (fails.length) return;
    const at = `step ${i}`;
    if ('move' in step && 'seat' in step) {
      const lm = legalMoves(g);
      if (lm.actor !== step.seat) fails.push(`${at}: actor ${lm.actor} != ${step.seat}`);
      if (!lm.moves.some((m) => matches(m, step.move) && matches(step.move, m)))
        fails.push(`${at}: ${JSON.stringify(step.move)} not listed (phase ${lm.phase})`);
      const r = play(g, step.move);
      if (!r.ok) fails.push(`${at}: refused ${r.error.code} ${r.error.reason}`);
      else g = r.value.game;
    } else if ('expectLegal' in step) {
      const e = step.expectLegal;
      const lm = legalMoves(g);
      if ('actor' in e && lm.actor !== e.actor) fails.push(`${at}: actor ${lm.actor} != ${e.actor}`);
      for (const m of e.includes ?? [])
        if (!lm.moves.some((l) => matches(l, m))) fails.push(`${at}: missing ${JSON.stringify(m)}`);
      for (const m of e.excludes ?? [])
        if (lm.moves.some((l) => matches(l, m))) fails.push(`${at}: unexpected ${JSON.stringify(m)}`);
      if (e.exactly) {
        const got = lm.moves.filter((l) => matches(l, e.exactly!.filter));
        if (!figuresMatch(got, e.exactly.moves))
          fails.push(`${at}: exactly ${JSON.stringify(got)} != ${JSON.stringify(e.exactly.moves)}`);
      }
    } else if ('expectIllegal' in step) {
      const lm = legalMoves(g);
      if (lm.moves.some((l) => matches(l, step.expectIllegal.move))) fails.push(`${at}: illegal move is listed`);
      const r = play(g, step.expectIllegal.move);
      if (r.ok) fails.push(`${at}: illegal move accepted`);
    } else if ('expect' in step) {
      const e = step.expect;
      const v = publicView(g);
      if (e.scores && !matches(v.scores, e.scores))
        fails.push(`${at}: scores ${JSON.stringify(v.scores)} != ${JSON.stringify(e.scores)}`);
      if (e.status && v.status !== e.status) fails.push(`${at}: status ${v.status} != ${e.status}`);
      if (e.goods && !matches(v.goods, e.goods))
        fails.push(`${at}: goods ${JSON.stringify(v.goods)} != ${JSON.stringify(e.goods)}`);
      if (e.figures && !figuresMatch(v.figures, e.figures))
        fails.push(`${at}: figures ${JSON.stringify(v.figures)} != ${JSON.stringify(e.figures)}`);
      if ('actor' in e && v.actor !== e.actor) fails.push(`${at}: actor ${v.actor} != ${e.actor}`);
    }
  });
  return fails;
}
