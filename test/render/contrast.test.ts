/**
 * WCAG non-text contrast (1.4.11): what tells a player where they can play, and where the
 * keyboard is, stands out at least 3:1 against the board it is drawn on.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { STYLE } from '../../src/render/symbols.js';

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
