/**
 * The lobby's account panel (docs/web-client.md, "Accounts"): sign in with an account's key (or
 * create a player account, whose key is shown once), sign out; signed in, "My games" and the
 * challenges (my-games.ts, challenge-panel.ts), kept up to date from the account's events by
 * long-polls (the client package's `followAccount`: an EventSource cannot send the key in a
 * header, and the key never goes in a URL).
 */
import { CarcassonneClient } from '../clients/typescript/src/index.js';
import { forgetKey, keepKey, storedKey } from './account-key.js';
import { api, ApiError, type Account } from './api.js';
import { listChallenges, wireChallenges } from './challenge-panel.js';
import { $, withNames, isolated } from './dom.js';
import { forgetMyGames, listMyGames, showMoreGames } from './my-games.js';

/** The loop following the signed-in account; aborted at sign-out. */
let following: AbortController | undefined;

const problem = (e: unknown) => (e instanceof ApiError ? `${e.code}: ${e.message}` : String(e));

function show(account: Account | undefined): void {
  $('#signed-out').hidden = account !== undefined;
  $('#signed-in').hidden = account === undefined;
  $('#nav-my-games').hidden = account === undefined;
  document.body.dataset.account = account?.name ?? '';
  if (account) withNames($('#account-name'), `${isolated(account.name)}${account.kind === 'bot' ? ' (bot)' : ''}`);
}

/** Reads the account's games and challenges again whenever an event comes, until sign-out. */
function follow(key: string): void {
  following?.abort();
  const stop = (following = new AbortController());
  const refresh = () => Promise.all([listMyGames(key), listChallenges(key)]);
  const client = new CarcassonneClient({ baseUrl: location.origin });
  void client
    .followAccount(
      key,
      {
        gameStarted: refresh,
        yourTurn: refresh,
        gameFinished: refresh,
        challenge: refresh,
        challengeCanceled: refresh,
        challengeDeclined: refresh,
      },
      { transport: 'poll', wait: 25, signal: stop.signal, onFollowing: () => void refresh() },
    )
    .catch((e: unknown) => {
      // A key revoked meanwhile: signed out, with the reason.
      signOut();
      $('#account-error').textContent = problem(e);
    });
}

/** Signs in with `key` once the server knows it; a refused key is never kept. */
async function signIn(key: string): Promise<boolean> {
  const error = $('#account-error');
  error.textContent = '';
  try {
    const account = await api.me(key);
    keepKey(key);
    show(account);
    follow(key);
    return true;
  } catch (e) {
    const refused = e instanceof ApiError && e.status === 401;
    // A key the server refuses (revoked, mistyped) is not kept; a network error keeps the stored one.
    if (refused) forgetKey();
    error.textContent = refused ? `That key is not accepted (${e.code}).` : problem(e);
    return false;
  }
}

function signOut(): void {
  following?.abort();
  following = undefined;
  forgetKey();
  $('#new-key').hidden = true;
  $('#new-key-text').textContent = '';
  forgetMyGames();
  $('#my-challenges').replaceChildren();
  show(undefined);
}

async function register(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const name = $<HTMLInputElement>('#register-name').value.trim();
  try {
    const created = await api.createAccount(name);
    if (await signIn(created.key)) {
      // Shown once, as the server shows it once: the way to sign in on another device.
      $('#new-key-text').textContent = created.key;
      $('#new-key').hidden = false;
    }
  } catch (e) {
    $('#account-error').textContent = problem(e);
  }
}

export function wireAccount(): void {
  $('#sign-in-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $<HTMLInputElement>('#account-key');
    void signIn(input.value.trim()).then((ok) => {
      if (ok) input.value = '';
    });
  });
  $('#register-form').addEventListener('submit', (e) => void register(e));
  $('#sign-out').addEventListener('click', signOut);
  $('#my-games-more').addEventListener('click', () => {
    const key = storedKey();
    if (key !== undefined) void showMoreGames(key);
  });
  wireChallenges(() => storedKey());
  const key = storedKey();
  if (key === undefined) show(undefined);
  else void signIn(key);
}
