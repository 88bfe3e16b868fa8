/**
 * The picture of each tile type at each rotation, made once and kept: an SVG fragment in
 * tile-local user units (0..100) and the anchor of every feature. A board is then a string of
 * these fragments, each moved into place, which is what makes drawing a board cheap.
 */
import { type FeatureArt, layoutTile, type TileLayout } from './layout.js';
import { tileMarks } from './expansion-art.js';
import { abbey, at, good, house, monastery, pennant, village } from './symbols.js';
import { type Pt, pathData, turn, turnPath, UNIT } from './svg.js';
import type { CatalogTile, RenderCatalog, Rotation } from './types.js';

export interface TileArt {
  /** Everything inside the tile's square, tile-local. */
  readonly fragment: string;
  /** Per catalog feature, where its figure stands (tile units, after rotation). */
  readonly anchors: readonly Pt[];
}

const scaled = (p: Pt): [number, number] => [p[0] * UNIT, p[1] * UNIT];

function draw(tile: CatalogTile, layout: TileLayout, r: number): string {
  const feats = layout.features;
  const each = (kind: FeatureArt['kind'], f: (a: FeatureArt, i: number) => string) =>
    feats.map((a, i) => (a.kind === kind ? f(a, i) : '')).join('');
  let s = `<rect class="fd" width="${UNIT}" height="${UNIT}"/>`;
  // An expansion's own features (a river) lie under the roads, which cross them on bridges.
  for (const a of feats) {
    if (!a.own) continue;
    s += r === 0 ? a.own.svg : `<g transform="rotate(${r * 90} ${UNIT / 2} ${UNIT / 2})">${a.own.svg}</g>`;
  }
  // Road borders all go first so that a crossing reads as one pavement.
  s += each('road', (a) => `<path class="rb" d="${pathData(turnPath(a.path!, r))}"/>`);
  s += each('road', (a, i) => `<path class="road" data-f="${i}" d="${pathData(turnPath(a.path!, r))}"/>`);
  // Each city with its own walls, in catalog order: a later city lies over an earlier one.
  s += each('city', (a, i) => {
    const wall = a.wall!.length > 0 ? `<path class="wall" d="${pathData(turnPath(a.wall!, r))}"/>` : '';
    return `<path class="city" data-f="${i}" d="${pathData(turnPath(a.path!, r))}"/>${wall}`;
  });
  for (const m of layout.marks) {
    const [x, y] = scaled(turn(m.at, r));
    switch (m.kind) {
      case 'village':
        s += village(x, y);
        break;
      case 'house':
        s += house(x, y);
        break;
    }
  }
  s += each('monastery', () => monastery(UNIT / 2, UNIT / 2));
  s += each('abbey', () => abbey(UNIT / 2, UNIT / 2));
  for (const m of tileMarks(
    tile.features,
    feats.map((a) => a.anchor),
  )) {
    s += `<g ${at(...scaled(turn(m.at, r)))}>${m.art}</g>`;
  }
  for (const a of feats) {
    for (const p of a.pennants) s += pennant(...scaled(turn(p, r)));
    if (a.goods) s += good(a.goods.good, ...scaled(turn(a.goods.at, r)));
  }
  return s;
}

/** Tile art for one catalog, made lazily per tile type (and then per rotation). */
export class TileArtBook {
  private readonly tiles = new Map<string, CatalogTile>();
  private readonly layouts = new Map<string, TileLayout>();
  private readonly arts = new Map<string, TileArt[]>();

  constructor(catalog: RenderCatalog) {
    for (const t of catalog.tiles) this.tiles.set(t.id, t);
  }

  has(id: string): boolean {
    return this.tiles.has(id);
  }

  ids(): string[] {
    return [...this.tiles.keys()];
  }

  /** The kind of a tile's feature (a farmer is drawn lying on a field). */
  featureKind(id: string, feature: number): CatalogTile['features'][number]['kind'] | undefined {
    return this.tiles.get(id)?.features[feature]?.kind;
  }

  layout(id: string): TileLayout | undefined {
    let layout = this.layouts.get(id);
    if (!layout) {
      const tile = this.tiles.get(id);
      if (!tile) return undefined;
      layout = layoutTile(tile);
      this.layouts.set(id, layout);
    }
    return layout;
  }

  art(id: string, rotation: Rotation): TileArt | undefined {
    let arts = this.arts.get(id);
    if (!arts) {
      arts = [];
      this.arts.set(id, arts);
    }
    const r = rotation / 90;
    let art = arts[r];
    if (!art) {
      const layout = this.layout(id);
      const tile = this.tiles.get(id);
      if (!layout || !tile) return undefined;
      art = { fragment: draw(tile, layout, r), anchors: layout.features.map((f) => turn(f.anchor, r)) };
      arts[r] = art;
    }
    return art;
  }
}
