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
