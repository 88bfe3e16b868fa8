/**
 * The security headers of every answer, by @fastify/helmet: what a browser may load into the
 * web client's pages (`/play`), the API reference (`/docs`) and the SVG pictures, who may frame
 * them, and what a link from them tells the next site. One policy serves them all:
 * - scripts and styles from this origin only, never inline: the pages load their bundles and
 *   style sheet as files (web/*.html), and the one inline style sheet there is, the one the SVG
 *   renderer puts in every picture (inserted into the page, or a picture opened by itself), is
 *   allowed by its hash;
 * - no frame, object, base or form target elsewhere; pictures from here or `data:` (Swagger UI);
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY`) unless `FRAME_ANCESTORS` names who may
 *   frame the pages; `Referrer-Policy: no-referrer` (a seat's link must not leak through a
 *   Referer), `X-Content-Type-Options: nosniff`.
 * Swagger UI's pages alone allow inline styles (`docsPolicy`). HSTS is left to whatever terminates TLS in front (this server speaks plain HTTP), and
 * `Cross-Origin-Resource-Policy` is `cross-origin`: the pictures and the API are meant for other
 * sites too, and cross-origin reads stay governed by `CORS_ORIGINS`.
 */
import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import { STYLE } from '../render/symbols.js';
import type { App } from './types.js';

/** `FRAME_ANCESTORS`'s default: no site may frame a page of this server. */
export const DEFAULT_FRAME_ANCESTORS = "'none'";

/** The CSP source that allows exactly the renderer's inline style sheet. */
export const RENDER_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Parses `FRAME_ANCESTORS`: CSP sources separated by spaces (`'none'`, `'self'`, `https://a.example`). */
export function parseFrameAncestors(raw: string | undefined): string[] {
  const sources = (raw ?? '').trim().split(/\s+/).filter(Boolean);
  if (sources.length === 0) return [DEFAULT_FRAME_ANCESTORS];
  for (const source of sources) {
    if (!/^('none'|'self'|[a-z][a-z0-9+.-]*:(\/\/[^\s;,']+)?|(\*\.)?[a-z0-9.-]+(:\d+)?)$/i.test(source)) {
      throw new Error(
        `FRAME_ANCESTORS: ${JSON.stringify(source)} is not a CSP source ('none', 'self', a scheme or a host)`,
      );
    }
  }
  if (sources.includes(DEFAULT_FRAME_ANCESTORS) && sources.length > 1)
    throw new Error("FRAME_ANCESTORS: 'none' stands alone");
  return sources;
}

/**
 * The policy of Swagger UI's pages (`/docs`): the same, but for its inline style elements
 * (injected by its scripts; no hash can name them). Scripts stay as strict.
 */
export function docsPolicy(header: string | number | string[]): string {
  return String(header).replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
}

/**
 * The headers helmet sets for `options`, worked out once. They are the same for every answer,
 * and @fastify/helmet builds helmet's middleware again for each request (parsing the policy each
 * time: about 6 % of a move's server CPU, measured with `--cpu-prof` under bench:http), so the
 * plugin is not used: helmet itself writes its headers once into a recorder.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => void (failure = error));
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('helmet refused its options', { cause: failure });
  return headers;
}

export function registerSecurityHeaders(app: App, frameAncestors: readonly string[] = [DEFAULT_FRAME_ANCESTORS]): void {
  const framedByNone = frameAncestors.length === 1 && frameAncestors[0] === DEFAULT_FRAME_ANCESTORS;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", RENDER_STYLE_SOURCE],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: [...frameAncestors],
      },
    },
    // Where frame-ancestors allows someone, X-Frame-Options (which cannot say who) must not refuse them.
    frameguard: framedByNone ? { action: 'deny' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // On every answer, errors and 404s included; a route may still change one (Swagger UI's CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
