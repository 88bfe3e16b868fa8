/**
 * Challenges from the lobby (docs/accounts.md, "Challenges"): the form challenges a bot or a
 * player by their account names with the game's options (expansions, a clock, rated or casual),
 * and says what came of it (a bot with an accept policy answers at once; the game is then in
 * "My games"); below, the open challenges made or received, with Accept, Decline or Cancel.
 */
import { DEFAULT_REGISTRY } from '../src/engine/index.js';
import { api, ApiError, type Challenge, type CreateChallenge } from './api.js';
import { clockOf } from './clock-form.js';
import { clockSettingsText } from './clock-words.js';
import { $, button, el, isolated, withNames } from './dom.js';
import { expansionName } from './expansion-words.js';
import { listMyGames } from './my-games.js';

let keyOf: () => string | undefined = () => undefined;

const problem = (e: unknown) => (e instanceof ApiError ? `${e.code}: ${e.message}` : String(e));

/** A challenge's options in words: "Traders & Builders; 90 s per turn; rated". */
function optionsText(c: Challenge): string {
  const expansions = c.options.expansions ?? [];
  return [
    expansions.length > 0 ? expansions.map(expansionName).join(', ') : 'base game',
    clockSettingsText(c.options.clock),
    c.options.rated ? 'rated' : 'casual',
  ].join('; ');
}

/** What came of a challenge just made, in words. */
function outcome(c: Challenge): string {
  const names = c.seats.slice(1).map((s) => isolated(s.name));
  switch (c.status) {
    case 'started':
      return `${names.join(', ')} accepted: the game is in My games.`;
    case 'declined':
      return `${c.reason ?? 'Declined'}.`;
    case 'open':
      return `Sent to ${names.join(', ')}: waiting for the answer.`;
    case 'canceled':
      return 'Canceled.';
    default: {
      const never: never = c.status;
      return String(never);
    }
  }
}

/** Runs a challenge's answer, then reads the lists again. */
async function act(key: string, call: Promise<Challenge>): Promise<void> {
  try {
    await call;
  } catch (e) {
    $('#challenge-result').textContent = problem(e);
  }
  await Promise.all([listChallenges(key), listMyGames(key)]);
}

function challengeItem(key: string, me: string, c: Challenge): HTMLLIElement {
  const mine = c.challenger === me;
  const li = el('li', undefined, { class: 'challenge', 'data-id': c.id });
  const who = mine
    ? `To ${c.seats
        .slice(1)
        .map((s) => isolated(s.name))
        .join(', ')}`
    : `From ${isolated(c.challenger)}`;
  li.append(withNames(el('span'), `${who}: ${optionsText(c)}`));
  const pending = c.seats.find((s) => s.name === me)?.answer === 'pending';
  if (mine) li.append(button('Cancel', () => void act(key, api.cancelChallenge(key, c.id)), { class: 'cancel' }));
  else if (pending)
    li.append(
      button('Accept', () => void act(key, api.acceptChallenge(key, c.id)), { class: 'accept primary' }),
      button('Decline', () => void act(key, api.declineChallenge(key, c.id)), { class: 'decline' }),
    );
  return li;
}

/** Reads the account's open challenges and shows them. */
export async function listChallenges(key: string): Promise<void> {
  const list = $('#my-challenges');
  try {
    const { challenges } = await api.myChallenges(key);
    const me = document.body.dataset.account ?? '';
    list.replaceChildren(...challenges.map((c) => challengeItem(key, me, c)));
    if (challenges.length === 0) list.append(el('li', 'No open challenges.', { class: 'empty' }));
  } catch (e) {
    list.replaceChildren(el('li', `Could not read your challenges: ${problem(e)}`));
  }
}

async function send(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const key = keyOf();
  if (key === undefined) return;
  const form = event.target as HTMLFormElement;
  const data = new FormData(form);
  const body: CreateChallenge = {
    accounts: $<HTMLInputElement>('#challenge-accounts')
      .value.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    expansions: data.getAll('challenge-expansion').map(String) as CreateChallenge['expansions'],
    rated: data.get('rated') === 'on',
  };
  const clock = clockOf(data);
  if (clock) body.clock = clock;
  const result = $('#challenge-result');
  result.textContent = 'Sending…';
  try {
    withNames(result, outcome(await api.challenge(key, body)));
  } catch (e) {
    result.textContent = problem(e);
  }
  await Promise.all([listChallenges(key), listMyGames(key)]);
}

/** The form's expansions, one checkbox each (from the engine's registry), and its submit. */
export function wireChallenges(key: () => string | undefined): void {
  keyOf = key;
  $('#challenge-expansions').append(
    ...DEFAULT_REGISTRY.modules.map((m) => {
      const box = el('input', undefined, { type: 'checkbox', name: 'challenge-expansion', value: m.id });
      const label = el('label');
      label.append(box, ` ${expansionName(m.id)}`);
      return label;
    }),
  );
  $('#challenge-form').addEventListener('submit', (e) => void send(e));
}
