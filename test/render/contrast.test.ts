/**
 * WCAG non-text contrast (1.4.11): what tells a player where they can play, and where the
 * keyboard is, stands out at least 3:1 against the board it is drawn on.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { SEAT_COLOURS, STYLE } from '../../src/render/symbols.js';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const css = readFileSync(new URL('../../web/style.css', import.meta.url), 'utf8');
/** The value of `property` in the first rule of `css` whose selector is `selector`. */
function declared(text: string, selector: string, property: string): string {
  const at = text.indexOf(`${selector}{`) >= 0 ? text.indexOf(`${selector}{`) : text.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule for ${selector}`);
  const body = text.slice(at, text.indexOf('}', at));
  const value = new RegExp(`${property}:\\s*([^;}]+)`).exec(body)?.[1]?.trim();
  if (!value) throw new Error(`${selector} sets no ${property}`);
  return value;
}

const board = declared(css, '#board', 'background');

t.test('the legal spots stand out 3:1 against the board', async (t) => {
  const stroke = declared(STYLE, '.legal', 'stroke');
  t.ok(contrast(stroke, board) >= 3, `${stroke} on ${board}: ${contrast(stroke, board).toFixed(2)}:1`);
});

t.test('the focus rings stand out 3:1 against the board', async (t) => {
  for (const selector of ['#board rect.legal:focus-visible', 'select:focus-visible']) {
    const ring = declared(css, selector, selector.startsWith('#board') ? 'stroke' : 'outline')
      .split(/\s+/)
      .pop()!;
    t.ok(contrast(ring, board) >= 3, `${selector}: ${ring} on ${board}: ${contrast(ring, board).toFixed(2)}:1`);
  }
});

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
const SIGHT: Record<string, readonly (readonly number[])[]> = {
  'normal sight': [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
};

/** CIELAB of a #rrggbb colour as an eye of `sight` sees it. */
function lab(hex: string, sight: readonly (readonly number[])[]): number[] {
  const c = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const [r, g, b] = sight.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])));
  const f = (v: number) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const distance = (a: string, b: string, sight: readonly (readonly number[])[]) => {
  const [p, q] = [lab(a, sight), lab(b, sight)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

t.test('the seat colours differ from each other and from the pennants, also for colour-blind eyes', async (t) => {
  const pennant = declared(STYLE, '.pennant', 'fill').replace(/^#fff$/, '#ffffff');
  // ΔE*ab of 20: two colours a player names differently at a glance.
  for (const [name, sight] of Object.entries(SIGHT)) {
    const close: string[] = [];
    SEAT_COLOURS.forEach((a, i) => {
      SEAT_COLOURS.slice(i + 1).forEach((b) => {
        if (distance(a, b, sight) < 20) close.push(`${a}/${b}`);
      });
      if (distance(a, pennant, sight) < 20) close.push(`${a}/pennant ${pennant}`);
    });
    t.same(close, [], `${name}: no two alike`);
  }
});
