/** The few DOM helpers every page of the client uses. */

export const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
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
 * reorders the words after it nor takes on their direction. For names inside a sentence
 * (log lines, status) the same isolation in text: FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
 */
export const nameEl = (name: string): HTMLElement => el('bdi', name);
export const isolated = (name: string): string => `\u2068${name}\u2069`;

/** The fragment's parameters: secrets travel there because a browser never sends it. */
export const fragment = () => new URLSearchParams(location.hash.slice(1));
