/**
 * The attacks of issue 22 against a running server, the attacker on other loopback addresses
 * than its victims: bots-only mcts games flooding the bot workers, hints all at once, thousands
 * of streams on one game. `test/system/fair-shares.test.ts` runs them light; `npm run soak:abuse`
 * at full size, printing the figures.
 */
import { openStream, type SseReader } from '../http/helpers/sse.js';
import { fromAddress } from '../http/helpers/from-address.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** The i-th loopback address of a block (`127.0.B.x`), for attackers and victims apart. */
export const loopback = (block: number, i: number) => `127.${block}.${Math.floor(i / 250)}.${(i % 250) + 2}`;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/**
 * Asks `/health` every `everyMs` from its own address until stopped; answers the latencies (and
 * any non-200). `aside(fn)` holds the probe while `fn` runs: for a measurement that stops the
 * server itself (a full garbage collection, a debugger attached), whose pause is the
 * measurement's and not the service's.
 */
export function probeHealth(
  base: string,
  everyMs = 50,
): { stop(): Promise<{ ms: number[]; failed: number }>; aside<T>(fn: () => Promise<T> | T): Promise<T> } {
  const client = fromAddress(base, '127.9.0.2');
  const ms: number[] = [];
  let failed = 0;
  let running = true;
  let held: Promise<unknown> | undefined;
  let asking: Promise<unknown> = Promise.resolve();
  const loop = (async () => {
    while (running) {
      if (held) await held;
      const answer = client.get('/health').catch(() => undefined);
      asking = answer;
      const answered = await answer;
      if (answered?.status === 200) ms.push(answered.ms);
      else failed++;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { ms, failed };
    },
    async aside(fn) {
      const done = (async () => {
        await asking;
        return fn();
      })();
      held = done.catch(() => undefined);
      try {
        return await done;
      } finally {
        held = undefined;
      }
    },
  };
}

/**
 * Plays the first legal move for whoever of `tokens` must act, until `until` says stop; answers
 * each move's latency, and each turn's (reading the legal moves, then the move).
 */
async function playWhile(
  base: string,
  from: string,
  id: string,
  tokens: string[],
  until: (lm: { version: number; actor: number | null }) => boolean,
) {
  const client = fromAddress(base, from);
  const ms: number[] = [];
  const turnMs: number[] = [];
  for (;;) {
    const read = await client.get(`/games/${id}/legal-moves`);
    const lm = read.body as { version: number; actor: number | null; moves: unknown[] };
    if (until(lm)) return { ms, turnMs, version: lm.version };
    const played = await client.post(
      `/games/${id}/moves`,
      { expectedVersion: lm.version, move: lm.moves[0] },
      { ...auth(tokens[lm.actor!]), prefer: 'return=minimal' },
    );
    if (played.status !== 201) throw new Error(`move refused: ${played.status} ${JSON.stringify(played.body)}`);
    ms.push(played.ms);
    turnMs.push(read.ms + played.ms);
  }
}

/**
 * `games` bots-only games of six mcts bots at `level`, created by three attacker addresses;
 * then a victim's game (a player and a greedy bot) from another address: the milliseconds from
 * the player's move that hands the turn to the greedy bot until the bot has played its turn;
 * `stillRunning()` tells whether every bots-only game is still going (an event to order others by).
 */
export async function botFlood(
  base: string,
  games: number,
  level: number,
): Promise<{ greedyMs: number; created: number; floodStillRunning: boolean; stillRunning(): Promise<boolean> }> {
  let created = 0;
  const flood: string[] = [];
  for (let i = 0; i < games; i++) {
    const attacker = fromAddress(base, loopback(1, i % 3));
    const players = Array.from({ length: 6 }, () => ({ bot: 'mcts', level }));
    const answer = await attacker.post('/games', { players });
    if (answer.status === 201) {
      created++;
      flood.push((answer.body as { id: string }).id);
    }
  }
  const victim = fromAddress(base, loopback(2, 0));
  const game = (await victim.post('/games', { players: [{ name: 'Ann' }, { bot: 'greedy' }] })).body as {
    id: string;
    seats: { token: string }[];
  };
  const handed = await playWhile(base, loopback(2, 0), game.id, [game.seats[0].token], (lm) => lm.actor !== 0);
  const started = performance.now();
  for (let version = handed.version; ;) {
    const lm = (await victim.get(`/games/${game.id}/legal-moves?after=${version}&wait=30`)).body as {
      version: number;
      actor: number | null;
    };
    if (lm.actor === 0 || lm.actor === null) {
      const greedyMs = performance.now() - started;
      const stillRunning = async () => {
        const states = await Promise.all(
          flood.map(async (id) => (await victim.get(`/games/${id}`)).body as { status: string }),
        );
        return states.every((s) => s.status === 'active');
      };
      return { greedyMs, created, floodStillRunning: await stillRunning(), stillRunning };
    }
    version = lm.version;
  }
}

/** `n` games, then one hint per game at once, each from an address of its own: each answer's status and milliseconds. */
export async function hintFlood(base: string, n: number): Promise<{ status: number; ms: number }[]> {
  const games = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const client = fromAddress(base, loopback(3, i));
      return (await client.post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }] })).body as {
        id: string;
        seats: { token: string }[];
      };
    }),
  );
  return Promise.all(
    games.map(async (game, i) => {
      const answer = await fromAddress(base, loopback(3, i)).get(`/games/${game.id}/hint`, auth(game.seats[0].token));
      return { status: answer.status, ms: answer.ms };
    }),
  );
}

type Game = { id: string; seats: { token: string }[] };

/** A two-player game of the stream flood's victim, made from its own address. */
export async function streamedGame(base: string): Promise<Game> {
  return (await fromAddress(base, loopback(4, 0)).post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }] }))
    .body as Game;
}

export interface OpenStreams {
  opened: number;
  /** Resolves when every stream has had the message of `version`, or false after `ms`. */
  allReached(version: number, ms?: number): Promise<boolean>;
  close(): void;
}

/** `streams` streams on game `id`, spread over addresses (`perAddress` each), opened 100 at a time. */
export async function openStreams(
  base: string,
  id: string,
  { streams, perAddress }: { streams: number; perAddress: number },
): Promise<OpenStreams> {
  const readers: SseReader[] = [];
  const last = new Map<SseReader, number>();
  for (let i = 0; i < streams; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, streams - i) }, (_, j) =>
        openStream(`${base}/games/${id}/stream`, {}, false, loopback(5, Math.floor((i + j) / perAddress))),
      ),
    );
    for (const reader of batch) {
      if (reader.response.statusCode !== 200) continue;
      readers.push(reader);
      last.set(reader, 0);
      reader.response.on('data', (chunk: string) => {
        const ids = chunk.match(/^id: (\d+)$/gm);
        if (ids) last.set(reader, Number(ids.at(-1)!.slice(4)));
      });
    }
  }
  return {
    opened: readers.length,
    async allReached(version, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && [...last.values()].some((v) => v < version))
        await new Promise((r) => setTimeout(r, 100));
      return [...last.values()].every((v) => v === version);
    },
    close: () => readers.forEach((r) => r.close()),
  };
}

/** `moves` moves of the game's players from the victim's address, one every `everyMs`: each move's latency and its turn's (legal moves read, then move), and the version reached. */
export async function playMoves(
  base: string,
  game: Game,
  { moves, everyMs }: { moves: number; everyMs: number },
): Promise<{ moveMs: number[]; turnMs: number[]; version: number }> {
  const moveMs: number[] = [];
  const turnMs: number[] = [];
  const tokens = game.seats.map((s) => s.token);
  let version = 0;
  for (let m = 0; m < moves; m++) {
    const played = await playWhile(base, loopback(4, 0), game.id, tokens, (lm) => lm.version > version);
    moveMs.push(...played.ms);
    turnMs.push(...played.turnMs);
    version = played.version;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return { moveMs, turnMs, version };
}

/**
 * `streams` streams on one game (spread over addresses, `perAddress` each), then `moves`
 * moves of its players from another address, one every `everyMs`: each move's latency; the
 * streams' last message ids must all reach the last version.
 */
export async function streamFlood(
  base: string,
  { streams, perAddress, moves, everyMs }: { streams: number; perAddress: number; moves: number; everyMs: number },
): Promise<{ moveMs: number[]; opened: number; allGotEverything: boolean; close(): void }> {
  const game = await streamedGame(base);
  const open = await openStreams(base, game.id, { streams, perAddress });
  const { moveMs, version } = await playMoves(base, game, { moves, everyMs });
  // Every stream's last message is the event; the bound (5 min) only ends a run that would hang.
  const allGotEverything = await open.allReached(version, 300_000);
  return { moveMs, opened: open.opened, allGotEverything, close: () => open.close() };
}
