/**
 * A player's name as others will see it: in the lobby, the players' table, the log. Unicode
 * lets a name lie about itself: `"\u202EnimdA"` shows as "Admin" and mirrors the rest of its
 * row, `Bob` and `Bob\u200B` look the same, a NUL or a line break breaks a terminal's or a log's
 * lines. So a name is normalised (NFC, so that one look is one spelling; trimmed) and refused
 * when it holds what cannot be seen as itself: control characters (Cc), format characters (Cf:
 * the bidi overrides and isolates, LRM/RLM, zero-width spaces and joiners, the BOM), line and
 * paragraph separators, and lone surrogates (half a character, which no encoder can write).
 * Emoji joined by a zero-width joiner are refused with the rest: a name is for telling players
 * apart, and each of its parts is still allowed alone.
 *
 * Some letters and marks draw nothing either: the Hangul fillers, the blank Braille pattern, the
 * combining grapheme joiner, variation selectors after a character they do not vary. A name made
 * of them shows blank, and one added to `Bob` makes a second "Bob"; they are refused too, and a
 * name must show at least one letter, digit, symbol or punctuation (not marks alone). A long
 * name of wide glyphs is the web client's to wrap (`overflow-wrap` in its style), not a second
 * length limit: the field has one limit, in code points, shared with the engine.
 */
import { MAX_NAME_LENGTH } from '../engine/index.js';
import { HttpProblem } from './problem.js';

const FORBIDDEN: readonly { test: RegExp; what: string }[] = [
  { test: /\p{Cc}/u, what: 'a control character' },
  {
    test: /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u,
    what: 'a bidirectional control (override, embedding, isolate or mark)',
  },
  { test: /[\u200B-\u200D\u2060\uFEFF]/u, what: 'a zero-width character' },
  { test: /\p{Cf}/u, what: 'an invisible formatting character' },
  { test: /[\p{Zl}\p{Zp}]/u, what: 'a line or paragraph separator' },
  { test: /\p{Cs}/u, what: 'a lone surrogate (half of a character)' },
  { test: /\u115F|\u1160|\u17B4|\u17B5|[\u3164\uFFA0\u2800]/u, what: 'a character that shows blank (a filler)' },
  { test: /\u034F/u, what: 'an invisible combining character' },
  // A variation selector changes how the character before it is drawn; after one it cannot
  // change (a letter, another selector, nothing) it only makes a second spelling of the same look.
  {
    test: /(?<!\p{Extended_Pictographic}|[\u0023\u002A\u0030-\u0039\u00A9\u00AE\u203C-\u3299])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u,
    what: 'a variation selector that varies nothing',
  },
];

const codePoint = (s: string): string => `U+${s.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The name to keep for `raw`, or a 400 whose detail says what is wrong and where (`path`: `body/name`). */
export function playerName(raw: string, path: string): string {
  // A lone surrogate makes `normalize` keep it as is; it is refused below.
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw new HttpProblem('BAD_REQUEST', `${path} must not be empty or only spaces`);
  for (const { test, what } of FORBIDDEN) {
    const found = test.exec(name);
    if (found)
      throw new HttpProblem(
        'BAD_REQUEST',
        `${path} must not contain ${what}: ${codePoint(found[0])} at character ${found.index + 1}`,
      );
  }
  if (!/[\p{L}\p{N}\p{S}\p{P}]/u.test(name) || /^\p{M}/u.test(name))
    throw new HttpProblem(
      'BAD_REQUEST',
      `${path} must show a letter, digit, symbol or punctuation first, not marks alone`,
    );
  if ([...name].length > MAX_NAME_LENGTH)
    throw new HttpProblem('BAD_REQUEST', `${path} must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}
