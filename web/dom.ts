/** The few DOM helpers every page of the client uses. */

export const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export function button(label: string, action: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', label, { type: 'button', ...attrs });
  b.addEventListener('click', action);
  return b;
}

/**
 * A player's name, its direction isolated from the text around it, as `<bdi>` does: a name
 * written right to left (the server refuses bidi controls, not Arabic or Hebrew) then neither
 * reorders the words after it nor takes on their direction.
 */
export const nameEl = (name: string): HTMLElement => el('bdi', name);

/** The fragment's parameters: secrets travel there because a browser never sends it. */
export const fragment = () => new URLSearchParams(location.hash.slice(1));

/**
 * A player's name inside a sentence, between Unicode isolates: `withNames` sets each such span
 * in a <bdi>, so a right-to-left name never reorders the words around it.
 */
export const isolated = (name: string) => `\u2068${name}\u2069`;

/** `text` into `e`, each isolated name in a <bdi>. */
export function withNames<E extends HTMLElement>(e: E, text: string): E {
  e.replaceChildren();
  for (const [i, part] of text.split(/[\u2068\u2069]/).entries()) {
    if (part === '') continue;
    e.append(i % 2 === 1 ? el('bdi', part) : part);
  }
  return e;
}

/**
 * How long a control that has just appeared takes no click: the second half of a hesitant
 * double-click (about 450 ms after the first) then lands on nothing, not on a figure button that
 * came up under the pointer. Longer than that gap, so it holds however fast the page answered.
 */
export const SETTLE_MS = 500;

/**
 * `controls` (just shown) take no pointer click for `ms`: they say so as `aria-disabled`
 * meanwhile. A key press (a click of detail 0) is deliberate and goes through.
 */
export function settle(controls: Iterable<HTMLElement>, ms = SETTLE_MS): void {
  for (const c of controls) {
    if (c.getAttribute('aria-disabled') === 'true') continue;
    c.dataset.settling = '';
    c.setAttribute('aria-disabled', 'true');
    setTimeout(() => {
      delete c.dataset.settling;
      c.removeAttribute('aria-disabled');
    }, ms);
  }
}

/** A control's identity across redraws: a redrawn button with the same words is no new control. */
const controlKey = (b: Element) => `${b.className}|${b.textContent ?? ''}`;

/** When each control of a box first showed, by its key: a redraw makes new elements of old controls. */
const shownAt = new WeakMap<HTMLElement, Map<string, number>>();

/**
 * After a redraw of `box`: a button new by its words settles for SETTLE_MS, and one redrawn
 * while it was still settling settles for the rest of its time (a late answer redraws the
 * figure step's buttons as new elements, and they must not take the second click either).
 */
export function settleRedrawn(box: HTMLElement): void {
  const before = shownAt.get(box) ?? new Map<string, number>();
  const now = performance.now();
  const after = new Map<string, number>();
  for (const b of box.querySelectorAll('button')) {
    const key = controlKey(b);
    const since = before.get(key) ?? now;
    after.set(key, since);
    const left = SETTLE_MS - (now - since);
    if (left > 0) settle([b], left);
  }
  shownAt.set(box, after);
}

/**
 * Draws `box` anew with `draw` (settled as `settleRedrawn` says), and gives the keyboard's focus
 * back to the focused control, redrawn: a late read of the version shown redraws the decision,
 * and Enter on Confirm must still confirm (the board's positions keep it the same way).
 */
export function redraw(box: HTMLElement, draw: (box: HTMLElement) => void): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && box.contains(active) ? controlKey(active) : undefined;
  draw(box);
  settleRedrawn(box);
  if (focused === undefined) return;
  for (const b of box.querySelectorAll('button'))
    if (controlKey(b) === focused) return b.focus({ preventScroll: true });
}

// One listener ahead of every control's own: a click on a settling control stops here.
if (typeof document !== 'undefined')
  document.addEventListener(
    'click',
    (e) => {
      const settling = e.target instanceof Element && e.target.closest('[data-settling]');
      if (settling && e.detail !== 0) {
        e.stopImmediatePropagation();
        e.preventDefault();
      }
    },
    true,
  );
