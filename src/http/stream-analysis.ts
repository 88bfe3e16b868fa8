/**
 * The last word of a finished game's stream: one `analysis` event once the game's post-game
 * analysis is stored (`docs/analysis.md`), by whichever process or node computed it. A stream
 * that joins a finished game (fresh, or resuming at its end) waits for it while it is being
 * computed, and gets it at once when it is stored already; when nobody asked for one, nothing
 * will come and the stream ends as before. The event has no `id:`: it is not an entry of the
 * log, so a reader that resumes after it (from the game's last version) is told again.
 */
import type { Analyses } from '../service/analysis/analyses.js';
import type { StreamAnalysisMessage } from './schemas/stream.js';
import type { StreamFeedOptions } from './stream-feed.js';
import type { Static } from 'typebox';

export function analysisMessage(gameId: string, version: number): string {
  const data: Static<typeof StreamAnalysisMessage> = {
    gameId,
    version,
    url: `/games/${encodeURIComponent(gameId)}/analysis`,
  };
  return `event: analysis\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Writes the `analysis` event of finished game `id` (at `version`) to `sink` once it is stored,
 * with keep-alive comments meanwhile; resolves without it when none is being computed, at the
 * stream's lifetime, when the reader is too slow, or when `signal` aborts.
 */
export async function awaitAnalysis(
  analyses: Analyses,
  id: string,
  version: number,
  sink: { write: (text: string) => boolean },
  signal: AbortSignal,
  { keepAliveMs, maxLifetimeMs }: Pick<StreamFeedOptions, 'keepAliveMs' | 'maxLifetimeMs'>,
): Promise<void> {
  const status = await analyses.whenStored(id, signal, {
    ms: maxLifetimeMs,
    idleMs: keepAliveMs,
    onIdle: () => sink.write(': keep-alive\n\n'),
  });
  if (status === 'stored') sink.write(analysisMessage(id, version));
}
