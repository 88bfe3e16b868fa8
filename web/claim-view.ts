/**
 * While a figure target is pointed at, focused or chosen (a tap), its whole feature is lit on
 * the board and a line over the board's foot says who holds it (issue 40: one circle on one tile
 * said neither).
 */
import type { Target } from '../src/render/index.js';
import { light } from './board-marks.js';
import { $, withNames } from './dom.js';
import { claimOf } from './feature-claim.js';
import { page, playerName } from './game-page.js';
import { listWords } from './words.js';

export function showClaim(target: Target | undefined): void {
  const claim = target && page.state ? claimOf(page.state, page.catalog, target) : undefined;
  light($('#board'), claim?.tiles ?? [], 'claim');
  const line = $('#claim');
  if (!claim) {
    line.textContent = '';
    return;
  }
  const what = `${claim.kind} of ${claim.tiles.length} tile${claim.tiles.length === 1 ? '' : 's'}`;
  const who = claim.holders.map(playerName);
  withNames(line, `This ${what}: ${who.length > 0 ? `held by ${listWords(who)}` : 'nobody holds it yet'}`);
}
