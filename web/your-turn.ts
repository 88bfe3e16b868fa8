/**
 * Telling a player it is their turn when the tab is not in front: the tab's title and favicon
 * say so, and, only if the player asked for it (a click, then the browser's own consent
 * prompt), a browser notification when the turn comes while the tab is hidden.
 */
import { button } from './dom.js';

const TITLE = document.title;
const OPT_IN = 'carcassonne.notify';
const icon = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${fill}"/></svg>`)}`;
const ICONS = { mine: icon('#d03a1e'), other: icon('#8a8470') };
/** The page's own favicon (game.html's), shown again when the turn is not the player's. */
const PAGE_ICON = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href') ?? ICONS.other;

let wasMine = false;

function favicon(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}

const notifying = () =>
  'Notification' in window && Notification.permission === 'granted' && localStorage.getItem(OPT_IN) === '1';

/** Called on every redraw: `mine` is whether this page's player must act now. */
export function showYourTurn(mine: boolean): void {
  document.title = mine ? `● Your turn — ${TITLE}` : TITLE;
  document.body.dataset.yourTurn = String(mine);
  favicon().href = mine ? ICONS.mine : PAGE_ICON;
  if (mine && !wasMine && document.hidden && notifying()) {
    new Notification('Your turn', {
      body: 'Carcassonne: it is your turn to play.',
      tag: location.pathname + location.hash,
      icon: ICONS.mine,
    });
  }
  wasMine = mine;
}

/** Opts out, or asks the browser's permission and opts in if it is granted. */
async function flipOptIn(): Promise<void> {
  if (notifying()) localStorage.removeItem(OPT_IN);
  else if ((await Notification.requestPermission()) === 'granted') localStorage.setItem(OPT_IN, '1');
}

/** A player's page offers the notification; nothing is asked of the browser before a click. */
export function wireYourTurn(into: HTMLElement): void {
  if (!('Notification' in window) || Notification.permission === 'denied') return;
  const label = () => (notifying() ? 'Turn notifications on' : 'Notify me on my turn');
  const toggle = button(
    label(),
    () => {
      void flipOptIn().then(() => {
        toggle.textContent = label();
        toggle.setAttribute('aria-pressed', String(notifying()));
      });
    },
    { id: 'notify', 'aria-pressed': String(notifying()) },
  );
  const box = document.createElement('span');
  box.id = 'notify-box';
  box.append(toggle);
  into.append(box);
}

/** The notification serves a running game only: it leaves when the game is over. */
export function showNotify(running: boolean): void {
  const box = document.getElementById('notify-box');
  if (box) box.hidden = !running;
}
