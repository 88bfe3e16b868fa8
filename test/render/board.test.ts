/**
 * A full game with both expansions, played by seeded random legal moves, drawn as a board:
 * the picture is well-formed, every placed tile is drawn with its catalog features, every
 * figure of the state appears exactly once in its seat's colour, and the same state always
 * gives the same bytes.
 */
import t from 'tap';
import { FIGURE_KINDS, tileCatalog, type BoardFigure } from '../../src/engine/index.js';
import { createRenderer, seatColour } from '../../src/render/index.js';
import { playRandomGame } from '../../scripts/render-game.js';
import { byClass, descendants, parseXml, type XmlElement } from './xml.js';

const catalog = tileCatalog();
const byId = new Map(catalog.tiles.map((tile) => [tile.id, tile]));
const renderer = createRenderer(catalog);
const { fullest, final } = playRandomGame(1);

const translation = (e: XmlElement): [number, number] => {
  const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(e.attrs.transform ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
};

t.test('the game fills a two-expansion board with every kind of figure', async (t) => {
  t.same(fullest.expansions, ['traders-builders', 'abbey-mayor']);
  t.ok(fullest.tiles.length >= 72, `${fullest.tiles.length} tiles`);
  t.same(
    new Set(fullest.figures.map((f) => f.kind)),
    new Set(FIGURE_KINDS.filter((k) => k in fullest.players[0].supply)),
    'meeple, mayor, wagon, builder, pig and barn all stand',
  );
  t.ok(
    fullest.tiles.some((p) => p.tile === 'abbey-mayor/A'),
    'an abbey was placed',
  );
});

t.test('every placed tile is drawn where it lies with its catalog roads and cities', async (t) => {
  const doc = parseXml(renderer.board(fullest));
  const tiles = byClass(doc, 'tile');
  t.equal(tiles.length, fullest.tiles.length);
  tiles.forEach((g, i) => {
    const placed = fullest.tiles[i];
    const def = byId.get(placed.tile)!;
    t.same(
      [g.attrs['data-tile'], Number(g.attrs['data-x']), Number(g.attrs['data-y']), Number(g.attrs['data-rotation'])],
      [placed.tile, placed.x, placed.y, placed.rotation],
    );
    t.same(translation(g), [placed.x * 100, placed.y * 100], `${placed.tile} at ${placed.x},${placed.y}`);
    t.equal(byClass(g, 'road').length, def.features.filter((f) => f.kind === 'road').length, `${placed.tile} roads`);
    t.equal(byClass(g, 'city').length, def.features.filter((f) => f.kind === 'city').length, `${placed.tile} cities`);
  });
});

t.test('every figure appears once, on its tile, in its seat colour', async (t) => {
  const doc = parseXml(renderer.board(fullest));
  const drawn = byClass(doc, 'fig');
  t.equal(drawn.length, fullest.figures.length);
  const key = (f: BoardFigure) => `${f.kind}/${f.owner}/${f.x},${f.y}/${f.kind === 'barn' ? f.corner : f.feature}`;
  const drawnKeys = drawn.map(
    (e) =>
      `${e.attrs['data-kind']}/${e.attrs['data-seat']}/${e.attrs['data-x']},${e.attrs['data-y']}/${e.attrs['data-corner'] ?? e.attrs['data-feature']}`,
  );
  t.same(drawnKeys.slice().sort(), fullest.figures.map(key).sort(), 'the same figures');
  t.equal(new Set(drawnKeys).size, drawnKeys.length, 'each once');
  for (const e of drawn) {
    t.equal(e.attrs.fill, seatColour(Number(e.attrs['data-seat'])), `${e.attrs['data-kind']} in its seat colour`);
    const [px, py] = translation(e);
    const x = Number(e.attrs['data-x']) * 100;
    const y = Number(e.attrs['data-y']) * 100;
    if (e.attrs['data-kind'] === 'barn') {
      t.ok([x, x + 100].includes(px) && [y, y + 100].includes(py), 'a barn on its tile corner');
    } else {
      t.ok(px > x && px < x + 100 && py > y && py < y + 100, `a ${e.attrs['data-kind']} inside its tile`);
    }
  }
  const colours = new Set(drawn.map((e) => e.attrs.fill));
  t.equal(colours.size, new Set(fullest.figures.map((f) => f.owner)).size, 'one colour per seat');
});

t.test('the last placed tile is framed and legal positions are marked', async (t) => {
  const last = fullest.tiles[fullest.tiles.length - 1];
  const legal = [
    { x: 100, y: -100 },
    { x: 101, y: -100 },
  ];
  const doc = parseXml(renderer.board(fullest, { legal }));
  const frames = byClass(doc, 'last');
  t.equal(frames.length, 1);
  t.same([Number(frames[0].attrs['data-x']), Number(frames[0].attrs['data-y'])], [last.x, last.y]);
  t.same(
    byClass(doc, 'legal').map((e) => [Number(e.attrs['data-x']), Number(e.attrs['data-y'])]),
    [
      [100, -100],
      [101, -100],
    ],
  );
  // The picture grows to show far positions.
  const [vx, vy, vw] = doc.attrs.viewBox.split(' ').map(Number) as [number, number, number];
  t.ok(vx + vw >= 10200 && vy <= -10000, 'legal spots inside the view');
  t.equal(byClass(parseXml(renderer.board(fullest)), 'legal').length, 0, 'none unless asked');
});

t.test('the same state gives the same bytes; size changes only the picture size', async (t) => {
  const a = renderer.board(fullest, { tilePx: 48 });
  const b = createRenderer(JSON.parse(JSON.stringify(catalog))).board(JSON.parse(JSON.stringify(fullest)), {
    tilePx: 48,
  });
  t.equal(a, b);
  const big = renderer.board(fullest, { tilePx: 96 });
  const strip = (s: string) => s.replace(/ width="[\d.]+" height="[\d.]+" viewBox/, ' viewBox');
  t.equal(strip(big), strip(a));
  t.not(big, a);
});

t.test('a finished game and an empty board draw too', async (t) => {
  t.equal(final.status, 'finished');
  t.equal(byClass(parseXml(renderer.board(final)), 'tile').length, final.tiles.length);
  const empty = parseXml(renderer.board({ tiles: [], figures: [] }));
  t.equal(descendants(empty).filter((e) => e.name === 'title').length, 1);
});

t.test('figure targets are drawn where the figures would stand, a barn on its corner', async (t) => {
  const standing = fullest.figures.filter((f) => f.kind === 'meeple' || f.kind === 'barn').slice(0, 6);
  const targets = standing.map((f) =>
    f.kind === 'barn' ? { x: f.x, y: f.y, corner: f.corner } : { x: f.x, y: f.y, feature: f.feature },
  );
  const doc = parseXml(renderer.board(fullest, { targets }));
  const circles = byClass(doc, 'target');
  t.equal(circles.length, targets.length);
  const figures = byClass(doc, 'fig');
  circles.forEach((c, i) => {
    t.equal(c.attrs['data-target'], String(i), 'each carries its index');
    const f = standing[i];
    const drawn = figures.find(
      (g) => g.attrs['data-x'] === String(f.x) && g.attrs['data-y'] === String(f.y) && g.attrs['data-kind'] === f.kind,
    )!;
    t.same(
      [Number(c.attrs.x) + Number(c.attrs.width) / 2, Number(c.attrs.y) + Number(c.attrs.height) / 2],
      translation(drawn),
      `the ${f.kind} at ${f.x},${f.y} stands on its target`,
    );
  });
  t.equal(renderer.board(fullest, { targets: [] }), renderer.board(fullest), 'no targets, the same picture');
});

t.test('the start tile alone carries no "last placed" frame: no one placed it', async (t) => {
  const start = { tiles: fullest.tiles.slice(0, 1), figures: [] };
  t.equal(byClass(parseXml(renderer.board(start)), 'last').length, 0);
  t.equal(byClass(parseXml(renderer.board({ tiles: fullest.tiles.slice(0, 2), figures: [] })), 'last').length, 1);
});

t.test('a ghost shows the drawn tile where it would go, turned, and the picture grows to hold it', async (t) => {
  const ghost = { tile: 'base/U', x: 40, y: 3, rotation: 90 } as const;
  const doc = parseXml(renderer.board(fullest, { ghost }));
  const drawn = byClass(doc, 'ghost');
  t.equal(drawn.length, 1);
  t.match(drawn[0].attrs, { 'data-tile': 'base/U', 'data-x': '40', 'data-y': '3', 'data-rotation': '90' });
  t.equal(byClass(doc, 'tile').length, fullest.tiles.length, 'not counted as a placed tile');
  const [vx, , vw] = doc.attrs.viewBox.split(' ').map(Number) as [number, number, number];
  t.ok(vx + vw >= 4100, 'inside the view');
});

t.test('a farmer lies down; a knight or a thief stands; a target shows the shape of its figure', async (t) => {
  const figures = fullest.figures.filter((f) => f.kind === 'meeple');
  const doc = parseXml(renderer.board(fullest));
  for (const f of figures) {
    const kind = byId.get(fullest.tiles.find((p) => p.x === f.x && p.y === f.y)!.tile)!.features[f.feature!].kind;
    const g = byClass(doc, 'fig').find(
      (e) =>
        e.attrs['data-x'] === String(f.x) &&
        e.attrs['data-y'] === String(f.y) &&
        e.attrs['data-feature'] === String(f.feature),
    )!;
    t.equal(g.attrs.transform.includes('rotate(-90)'), kind === 'field', `a meeple on a ${kind}`);
  }
  const target = { x: figures[0].x, y: figures[0].y, feature: figures[0].feature, figures: ['mayor' as const] };
  const shapes = byClass(parseXml(renderer.board(fullest, { targets: [target] })), 'target-fig');
  t.equal(shapes.length, 1);
  t.equal(shapes[0].attrs['data-target'], '0');
});

t.test(
  'a target where several figures may go shows each one: a knight, a mayor and a wagon are not one circle',
  async (t) => {
    const f = fullest.figures.find((f) => f.kind === 'meeple')!;
    const figures = ['meeple', 'mayor', 'wagon'] as const;
    const doc = parseXml(renderer.board(fullest, { targets: [{ x: f.x, y: f.y, feature: f.feature, figures }] }));
    const [target] = byClass(doc, 'target');
    t.equal(target.attrs['data-figures'], 'meeple mayor wagon', 'the target names them');
    const shapes = byClass(doc, 'target-fig');
    t.same(
      shapes.map((s) => s.attrs['data-kind']),
      figures,
      'a shape for each, in order',
    );
    const points = shapes.map((s) => /translate\(([-\d.]+) ([-\d.]+)\)/.exec(s.attrs.transform)!.slice(1).map(Number));
    t.equal(new Set(points.map((p) => p.join(','))).size, figures.length, 'each at a point of its own');
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(target.attrs[k]));
    t.ok(
      points.every(([px, py]) => px > x && px < x + w && py > y && py < y + h),
      'inside the target that holds them',
    );
  },
);
