/**
 * What the game page's modules share: the game and seat from the link, the last state and legal
 * moves read together (always of one version), and the player's half-taken choice. The token
 * stays in the fragment: it is sent only as a bearer header.
 */
import type { Renderer, Spot } from '../src/render/index.js';
import type { LegalMoves, PublicState } from './api.js';
import type { BoardView } from './board-view.js';
import type { RenderCatalog } from '../src/render/index.js';
import { $, fragment, isolated } from './dom.js';

const params = fragment();
const token = params.get('seat') ?? undefined;

export const page = {
  id: params.get('id') ?? '',
  token,
  /** This page's seat number (`n` in the fragment); without it every turn is offered and the server judges. */
  mySeat: token && /^\d+$/.test(params.get('n') ?? '') ? Number(params.get('n')) : undefined,
  catalog: undefined as unknown as RenderCatalog,
  renderer: undefined as unknown as Renderer,
  board: undefined as unknown as BoardView,
  state: undefined as PublicState | undefined,
  legal: undefined as LegalMoves | undefined,
  /** The chosen position, before its rotation. */
  spot: undefined as Spot | undefined,
  /** The chosen figure target: an index into targets(). */
  target: undefined as number | undefined,
  /** A request of this page (a move, a resignation) is under way. */
  busy: false,
  /** Reads state and legal moves again and redraws (game.ts). */
  refresh: async (): Promise<void> => {},
  /** Redraws the decisions from what is known (decisions.ts). */
  redraw: (): void => {},
};

export const playerName = (seat: number) => {
  const name = page.state?.players[seat]?.name;
  return name === undefined ? `seat ${seat}` : isolated(name);
};
export const tileAt = (x: number, y: number) => page.state?.tiles.find((t) => t.x === x && t.y === y)?.tile;
export const myTurn = () =>
  page.token !== undefined && page.legal !== undefined && page.legal.actor !== null && (page.mySeat === undefined || page.legal.actor === page.mySeat);

export function status(text: string): void {
  $('#status').textContent = text;
}
