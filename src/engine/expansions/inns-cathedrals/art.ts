/**
 * Inns & Cathedrals' board art for the SVG renderer: the large meeple (a meeple half as big
 * again, so it reads as "counts twice"), an inn by its road and a cathedral in its city.
 * Plain SVG fragments drawn round the origin; the renderer places and colours them.
 */

/** The meeple outline of the renderer (render/symbols.ts), drawn larger. */
export const largeMeepleShape = (meeplePath: string): string =>
  `<path transform="scale(1.45)" d="${meeplePath}" stroke-width=".7"/>`;

/** An inn: a small house with a red roof and a lit window, standing beside its road. */
export const INN_ART =
  '<g class="inn"><path d="M-7 7V-1h14v8Z" fill="#efe0b8" stroke="#5a3d1a" stroke-width="1"/>' +
  '<path d="M-9-1 0-8 9-1Z" fill="#b23a2a" stroke="#5a1d12" stroke-width="1"/>' +
  '<path d="M-3 1h3v3h-3Z" fill="#f2c230"/><path d="M2 2h3v5h-3Z" fill="#6b4422"/></g>';

/** A cathedral: a nave with two towers and a cross, in the city's stone colours. */
export const CATHEDRAL_ART =
  '<g class="cathedral"><path d="M-11 10V-2h22v12Z" fill="#d9d2c2" stroke="#4a4038" stroke-width="1"/>' +
  '<path d="M-11-2V-10l3-4 3 4V-2M5-2V-10l3-4 3 4V-2" fill="#cfc6b4" stroke="#4a4038" stroke-width="1"/>' +
  '<path d="M-3 10V3a3 3 0 0 1 6 0v7Z" fill="#6b4f35"/><path d="M0-12v-7M-2.5-16.5h5" stroke="#4a4038" stroke-width="1.2"/></g>';
