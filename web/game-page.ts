/**
 * What the game page's modules share: the game and seat from the link, the last state and legal
 * moves read together (always of one version), the log's events, and the player's half-taken
 * choice. The token stays in the fragment (an account's key in the browser's storage): either is
 * sent only as a bearer header.
 */
import type { Renderer, Spot } from '../src/render/index.js';
import type { Catalog, LegalMoves, LogEvent, PublicState } from './api.js';
import type { BoardView } from './board-view.js';
import { storedKey } from './account-key.js';
import { $, fragment, isolated, withNames } from './dom.js';
import type { Lexicon } from './words.js';

const params = fragment();
/** A seat held by the signed-in account (`as=account`): its key, kept in the browser, acts for the seat. */
const asAccount = params.get('as') === 'account';
const token = params.get('seat') ?? (asAccount ? storedKey() : undefined);

/** A placement on preview: its position and which of the legal rotations there is shown. */
export interface Preview extends Spot {
  index: number;
  /** Taken by a click, a tap or Enter: it stays when the pointer leaves. */
  pinned: boolean;
}

export const page = {
  id: params.get('id') ?? '',
  token,
  /** The link asks to play as the signed-in account (whether or not a key is kept). */
  asAccount,
  /** This page's seat number (`n` in the fragment); without it every turn is offered and the server judges. */
  mySeat: token && /^\d+$/.test(params.get('n') ?? '') ? Number(params.get('n')) : undefined,
  catalog: undefined as unknown as Catalog,
  renderer: undefined as unknown as Renderer,
  board: undefined as unknown as BoardView,
  state: undefined as PublicState | undefined,
  legal: undefined as LegalMoves | undefined,
  /** Each log entry's events, by version (`history[v - 1]` led to version v). */
  history: [] as LogEvent[][],
  /** The drawn tile shown where it would go, before the confirm. */
  preview: undefined as Preview | undefined,
  /** The chosen figure target: an index into targets(). */
  target: undefined as number | undefined,
  /** A request of this page (a move, a resignation) is under way. */
  busy: false,
  /** Reads state and legal moves again and redraws (game.ts). */
  refresh: async (): Promise<void> => {},
  /** Redraws the decisions from what is known (decisions.ts). */
  redraw: (): void => {},
};

export const playerName = (seat: number) => isolated(page.state?.players[seat]?.name ?? `seat ${seat + 1}`);
export const placedAt = (x: number, y: number) => page.state?.tiles.find((t) => t.x === x && t.y === y);
export const lexicon = (): Lexicon => ({ catalog: page.catalog, renderer: page.renderer, placed: placedAt });
export const myTurn = () =>
  page.token !== undefined &&
  page.legal !== undefined &&
  page.legal.actor !== null &&
  (page.mySeat === undefined || page.legal.actor === page.mySeat);

/** The status line; player names in it come isolated (`playerName`) and are set in <bdi>. */
export function status(text: string): void {
  withNames($('#status'), text);
}
