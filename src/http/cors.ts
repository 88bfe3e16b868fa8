/**
 * Cross-origin access for browser clients, through `@fastify/cors`: only the origins named in
 * `CORS_ORIGINS` (or every one with `*`); none by default, so a browser page on another origin
 * is refused unless the operator says otherwise. Preflights allow what the API uses.
 */
import cors from '@fastify/cors';
import type { App } from './types.js';

/** `*`, or the exact origins allowed (an empty list turns cross-origin access off). */
export type CorsOrigins = '*' | readonly string[];

/** `CORS_ORIGINS`: comma-separated origins, or `*`. */
export function parseCorsOrigins(raw: string | undefined): CorsOrigins {
  if (raw === undefined || raw.trim() === '') return [];
  if (raw.trim() === '*') return '*';
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

const CORS_EXPOSED_HEADERS = ['Retry-After', 'ETag', 'Location', 'Idempotent-Replayed', 'Preference-Applied', 'Link'];

export async function registerCors(app: App, origins: CorsOrigins): Promise<void> {
  if (origins !== '*' && origins.length === 0) return;
  await app.register(cors, {
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Prefer', 'If-None-Match', 'Last-Event-ID'],
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
