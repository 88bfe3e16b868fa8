/** Resigning from a seat's page: it asks once more, on the page itself (no dialog), keyboard-reachable. */
import { api, ApiError } from './api.js';
import { $, settle } from './dom.js';
import { page, status } from './game-page.js';

async function resign(): Promise<void> {
  if (page.busy || !page.token || page.mySeat === undefined) return;
  page.busy = true;
  try {
    await api.resign(page.id, page.mySeat, page.token);
    $('#resign-confirm').hidden = true;
    await page.refresh();
  } catch (e) {
    status(e instanceof ApiError ? `Refused: ${e.message}` : String(e));
  } finally {
    page.busy = false;
  }
}

/** Shown while the game runs, once, on a seat's own page. */
export function showResign(): void {
  const { state, token, mySeat } = page;
  $('#resign-box').hidden = !(
    token !== undefined &&
    mySeat !== undefined &&
    state?.status === 'active' &&
    !state.seats?.[mySeat]?.resigned
  );
}

export function wireResign(): void {
  const confirm = $('#resign-confirm');
  $('#resign').addEventListener('click', () => {
    confirm.hidden = false;
    // "Yes, resign" comes up beside the pointer: a second click of a double-click must not take it.
    settle([$('#resign-yes'), $('#resign-no')]);
    $('#resign-no').focus();
  });
  $('#resign-no').addEventListener('click', () => {
    confirm.hidden = true;
    $('#resign').focus();
  });
  $('#resign-yes').addEventListener('click', () => void resign());
}
