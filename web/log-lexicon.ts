/**
 * Where the tiles lie as the log itself has told so far. Live, a move's events come by the stream
 * before the state that shows its tile; after a reload the state shows the game's end. Words read
 * from either told the same figure two ways ("meeple in the feature of (0, 2)", then "monk in the
 * monastery of (0, 2)"). Read from the log's own events, in order, the live line and the
 * reloaded one are one and the same.
 */
import type { Renderer } from '../src/render/index.js';
import type { Catalog, LogEvent, PublicState } from './api.js';
import type { Lexicon } from './words.js';

type Rotation = PublicState['tiles'][number]['rotation'];

export class LogLexicon {
  private readonly placed = new Map<string, { tile: string; rotation: Rotation }>();
  private readonly abbey: string | undefined;
  readonly lexicon: Lexicon;

  constructor(catalog: Catalog, renderer: Renderer) {
    this.abbey = catalog.tiles.find((t) => t.features.some((f) => f.kind === 'abbey'))?.id;
    this.lexicon = { catalog, renderer, placed: (x, y) => this.placed.get(`${x},${y}`) };
  }

  /** Takes in what an event changes on the board; call it before wording the event. */
  see(e: LogEvent): void {
    if (e.type === 'tilePlaced') this.placed.set(`${e.x},${e.y}`, { tile: e.tile, rotation: e.rotation });
    else if (e.type === 'abbeyPlaced' && this.abbey)
      this.placed.set(`${e.x},${e.y}`, { tile: this.abbey, rotation: 0 });
  }

  /** The log from its start again (a reload). */
  clear(): void {
    this.placed.clear();
  }
}
