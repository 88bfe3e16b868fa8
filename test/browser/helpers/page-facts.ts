/**
 * What a person sees of the game page, read in the page: targets too small for a finger, where
 * the board lies, whether anything can scroll, and screenshots named by the point.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ARTIFACTS, PHONE } from './browser.js';

/** The two windows every point is looked at in: a 1366×768 laptop and a 390×844 phone by touch. */
export const DEVICES: readonly (readonly ['desktop' | 'phone', BrowserContextOptions])[] = [
  ['desktop', { viewport: { width: 1366, height: 768 } }],
  ['phone', PHONE],
];

/** A screenshot of what the window shows (`fullPage`: the whole page), as `.test-artifacts/issue40-<name>-<device>.png`. */
export const shot = (page: Page, name: string, device: string, fullPage = false) =>
  page.screenshot({ path: `${ARTIFACTS}issue40-${name}-${device}.png`, fullPage });

/**
 * The controls shown now that a finger may miss: every visible button, link, field, summary,
 * checkbox (by its label, which takes the tap) and board target (a position to play, a figure
 * target's hit circle) less than `px` CSS pixels wide or tall, described.
 */
export const smallTargets = (page: Page, px = 44) =>
  page.evaluate((px) => {
    const small: string[] = [];
    const shown = (e: Element) => {
      const style = getComputedStyle(e);
      return style.visibility !== 'hidden' && e.getClientRects().length > 0;
    };
    const controls = document.querySelectorAll(
      'button, a[href], select, input, summary, #board rect.legal, #board circle.target-hit',
    );
    for (const e of controls) {
      if (!shown(e)) continue;
      const box = (e.matches('input[type=checkbox]') ? (e.closest('label') ?? e) : e).getBoundingClientRect();
      if (box.width < px - 0.5 || box.height < px - 0.5) {
        const name = e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`;
        small.push(
          `${name} "${(e.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, px);

/** The board's box in the window, its view (the picture's viewBox), and whether the page can scroll at all. */
export const boardFacts = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('#board')!.getBoundingClientRect();
    return {
      box: [r.left, r.top, r.width, r.height].map((v) => Math.round(v)),
      viewBox: document.querySelector('#board svg')?.getAttribute('viewBox') ?? '',
      scrollY: window.scrollY,
      scrollable: document.documentElement.scrollHeight > window.innerHeight + 1,
    };
  });

/** Whether the element is wholly inside the board's window (a position, a target, a placed tile). */
export const inBoardView = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const host = document.querySelector('#board')!.getBoundingClientRect();
    const e = document.querySelector(selector);
    if (!e) return false;
    const b = e.getBoundingClientRect();
    return b.left >= host.left - 1 && b.right <= host.right + 1 && b.top >= host.top - 1 && b.bottom <= host.bottom + 1;
  }, selector);

/** CSS pixels per tile of the board's view now. */
export const tilePx = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('#board svg')!;
    const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    return Math.min(svg.clientWidth / w, svg.clientHeight / h) * 100;
  });

/** The index (among `#board rect.legal`) of the first position to play wholly in the board's view; -1 for none. */
export const positionInView = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('#board')!.getBoundingClientRect();
    return [...document.querySelectorAll('#board rect.legal')].findIndex((r) => {
      const b = r.getBoundingClientRect();
      return b.left >= host.left && b.right <= host.right && b.top >= host.top && b.bottom <= host.bottom;
    });
  });
