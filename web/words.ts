/** Events and moves in words, for the log and the decision buttons. */
import type { RenderCatalog } from '../src/render/index.js';
import type { GameEvent, Move } from './api.js';

type Name = (seat: number) => string;

const at = (p: { x: number; y: number }) => `(${p.x}, ${p.y})`;

function points(list: { seat: number; points: number }[], name: Name): string {
  return list.length === 0 ? 'no one scores' : list.map((p) => `${name(p.seat)} +${p.points}`).join(', ');
}

/** One line per event worth reading; undefined for the bookkeeping ones. */
export function eventText(e: GameEvent, name: Name): string | undefined {
  switch (e.type) {
    case 'turnStarted':
    case 'tileDrawn':
      return undefined;
    case 'tileDiscarded':
      return `${e.tile} could not be placed and was discarded`;
    case 'tilePlaced':
      return `${name(e.seat)} placed ${e.tile} at ${at(e)}, turned ${e.rotation}°`;
    case 'abbeyPlaced':
      return `${name(e.seat)} placed an abbey at ${at(e)}`;
    case 'figurePlaced':
      return `${name(e.seat)} placed a ${e.figure.kind} at ${at(e.figure)}`;
    case 'figureSkipped':
      return undefined;
    case 'featureScored': {
      const what = e.reason === e.kind ? e.kind : `${e.kind} (${e.reason})`;
      const size = `${e.tiles.length} tile${e.tiles.length === 1 ? '' : 's'}`;
      return `${e.final ? 'Final scoring: ' : ''}${what} of ${size} scored: ${points(e.points, name)}`;
    }
    case 'goodsAwarded':
      return `${name(e.seat)} gains goods: ${e.goods.wine} wine, ${e.goods.wheat} wheat, ${e.goods.cloth} cloth`;
    case 'goodsScored':
      return e.points.length === 0 ? undefined : `Most ${e.good}: ${points(e.points, name)}`;
    case 'bonusPartStarted':
      return `${name(e.seat)} takes a builder's bonus turn`;
    case 'wagonMoved':
      return `${name(e.seat)} moved a wagon from ${at(e.from)} to ${at(e.to)}`;
    case 'wagonReturned':
      return `${name(e.seat)}'s wagon at ${at(e.from)} went back to the supply`;
    case 'abbeySkipped':
      return undefined;
    case 'finalScoringStarted':
      return 'The tiles are gone: final scoring';
    case 'gameEnded':
      return `Game over: ${e.scores.map((s, seat) => `${name(seat)} ${s}`).join(', ')}`;
  }
}

/** The feature's kind on a placed tile, from the catalog. */
export function featureKind(catalog: RenderCatalog, tile: string | undefined, feature: number): string {
  const t = catalog.tiles.find((c) => c.id === tile);
  return t?.features[feature]?.kind ?? `feature ${feature}`;
}

/** A move as a button label; `tileAt` names the tile placed at a position. */
export function moveText(m: Move, catalog: RenderCatalog, tileAt: (x: number, y: number) => string | undefined): string {
  switch (m.type) {
    case 'draw':
      return 'Draw a tile';
    case 'placeTile':
      return `Place at ${at(m)}, turned ${m.rotation}°`;
    case 'placeAbbey':
      return `Place the abbey at ${at(m)}`;
    case 'placeFigure':
      return `${m.figure} on the ${featureKind(catalog, tileAt(m.x, m.y), m.feature)} at ${at(m)}`;
    case 'placeBarn':
      return `barn on the ${m.corner} corner of ${at(m)}`;
    case 'pass':
      return 'Pass';
    case 'moveWagon':
      return `Move the wagon to the ${featureKind(catalog, tileAt(m.x, m.y), m.feature)} at ${at(m)}`;
    case 'returnWagon':
      return 'Return the wagon to the supply';
  }
}
