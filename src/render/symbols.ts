/**
 * Small pictures in SVG user units (a tile is 100 wide), each drawn about the origin and
 * placed with a translation: buildings, pennants, goods and the figures.
 */
import type { FigureKind } from '../engine/index.js';
import type { Good } from './types.js';
import { num } from './svg.js';
import { expansionFigure, FARMERS } from './expansion-art.js';

export const at = (x: number, y: number) => `transform="translate(${num(x)} ${num(y)})"`;

/** Seat colours in seat order (up to 6 seats), chosen apart from the green and tan of tiles. */
// Okabe and Ito's palette, for colour-blind eyes too: under deuteranopia the old red and orange,
// and under protanopia the old blue and purple, were one colour (test/render/contrast.test.ts).
export const SEAT_COLOURS = ['#d55e00', '#0072b2', '#f0e442', '#2b2b2b', '#cc79a7', '#56b4e9'] as const;
export const seatColour = (seat: number): string => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** Classes the pictures use; one style sheet so each element stays short. */
export const STYLE =
  '.fd{fill:#86b84a;stroke:#6a9a36;stroke-width:.6}' +
  '.city{fill:#d9b47a}.wall{fill:none;stroke:#7a5230;stroke-width:4;stroke-linecap:round}' +
  '.rb{fill:none;stroke:#7c7262;stroke-width:11}.road{fill:none;stroke:#f4efe2;stroke-width:7}' +
  '.bld{fill:#f1e7d3;stroke:#4a4038;stroke-width:1.5}.roof{fill:#b5482f;stroke:#4a4038;stroke-width:1.5}' +
  '.abbey .bld{fill:#cfc8b8}.abbey .roof{fill:#4b3d6e}' +
  '.pennant{fill:#fff;stroke:#1d4fa3;stroke-width:2}' +
  '.fig{stroke:#151515;stroke-width:1.5;stroke-linejoin:round}' +
  '.legal{fill:#fff;fill-opacity:.3;stroke:#6b5a2e;stroke-width:2;stroke-dasharray:8 5}' +
  '.last{fill:none;stroke:#ffd400;stroke-width:5}' +
  '.target{fill:#fff;fill-opacity:.85;stroke:#c48a00;stroke-width:3}' +
  '.target-fig{fill:#6b5a2e;pointer-events:none}.ghost{opacity:.75;pointer-events:none}.ghost-frame{fill:none;stroke:#2a6fdb;stroke-width:5}';

export function monastery(x: number, y: number): string {
  return `<g class="monastery" ${at(x, y)}><path class="bld" d="M-14 18V-4h28v22Z"/><path class="roof" d="M-17-3 0-17 17-3Z"/><path d="M0-27v9M-4-23h8" stroke="#4a4038" stroke-width="2"/><path d="M-4 18v-9h8v9" fill="#4a4038"/></g>`;
}

export function abbey(x: number, y: number): string {
  return (
    `<g class="abbey" ${at(x, y)}><path class="bld" d="M-26 22V-2h52v24Z"/><path class="roof" d="M-29-1-14-14h28L29-1Z"/>` +
    `<path class="bld" d="M-7 22V-26h14v48Z"/><path class="roof" d="M-9-25 0-36 9-25Z"/><path d="M-4 22v-10h8v10M-18 8h6M12 8h6" stroke="#4a4038" stroke-width="3" fill="#4a4038"/></g>`
  );
}

export function village(x: number, y: number): string {
  return `<g class="village" ${at(x, y)}><path class="bld" d="M-8 8V-3h16V8Z"/><path class="roof" d="M-10-2 0-11 10-2Z"/></g>`;
}

export function house(x: number, y: number): string {
  return `<g class="house" ${at(x, y)}><path class="bld" d="M-6 6V-2h12V6Z"/><path class="roof" d="M-8-1 0-8 8-1Z"/></g>`;
}

export function pennant(x: number, y: number): string {
  return `<path class="pennant" ${at(x, y)} d="M-6-7h12v6c0 5-3 8-6 9-3-1-6-4-6-9Z"/>`;
}

export function good(g: Good, x: number, y: number): string {
  const open = `<g class="good" data-good="${g}" ${at(x, y)}>`;
  switch (g) {
    case 'wine':
      return `${open}<g fill="#7b2a8c" stroke="#3b1044" stroke-width=".8"><circle cx="-3" cy="-3" r="3"/><circle cx="3" cy="-3" r="3"/><circle cx="0" cy="2" r="3"/><circle cx="0" cy="-8" r="2" fill="#3f8a2a"/></g></g>`;
    case 'wheat':
      return `${open}<path d="M0 9V-6M0-2-5-6M0-2 5-6M0 3-5-1M0 3 5-1M0-6-3-10M0-6 3-10" stroke="#8a6a10" stroke-width="2.2" fill="none" stroke-linecap="round"/><ellipse cy="-9" rx="2.5" ry="3.5" fill="#e8c33a"/></g>`;
    case 'cloth':
      return `${open}<path d="M-8-6h16v12h-16Z" fill="#3a8fd0" stroke="#173f66" stroke-width="1"/><path d="M-8-2h16M-8 2h16" stroke="#e8f1fa" stroke-width="1"/></g>`;
  }
}

const MEEPLE = 'M0-12c5 0 5 7 2 8l8 2c3 1 3 5-1 5h-3l4 9h-7l-3-6-3 6h-7l4-9h-3c-4 0-4-4-1-5l8-2c-3-1-3-8 2-8Z';

/** One figure, filled with its seat's colour, standing on the origin (an expansion's: its own shape). */
export function figureShape(kind: FigureKind): string {
  return kind === 'meeple' ? `<path d="${MEEPLE}"/>` : (expansionFigure(kind, MEEPLE) ?? `<path d="${MEEPLE}"/>`);
}

/**
 * One figure as a picture of its own (a choice's icon beside its words): its shape as the board
 * draws it, in `fill`, lying down as a farmer does when it goes on a feature of kind `on`.
 */
export function figureIcon(kind: FigureKind, fill: string, on?: string): string {
  const lying = on === 'field' && FARMERS.has(kind);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-20 -20 40 40" width="28" height="28" aria-hidden="true">` +
    `<g fill="${fill}" stroke="#151515" stroke-width="1.5" stroke-linejoin="round"${lying ? ' transform="rotate(-90)"' : ''}>${figureShape(kind)}</g></svg>`
  );
}
