/**
 * Webhook lookups need no thread of libuv's pool (issue 42, finding 2; `docs/webhooks.md`,
 * "Safety"). getaddrinfo (`dns.lookup`) runs on that pool's four threads, which the file system,
 * crypto and every other lookup share: names whose DNS never answers held them all, and every
 * subscription and delivery waited. Here each thread of the pool is held (opening a FIFO nobody
 * writes blocks a thread as such a lookup does) while a subscription's name is looked up and a
 * delivery's name checked again at its send: both answer while a lookup through the pool still
 * waits for a thread, the proof that the pool was full meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { hostResolver } from '../../src/service/webhooks/webhook-dns.js';
import { postDelivery } from '../../src/service/webhooks/webhook-post.js';
import { ADDRESS_REFUSED, checkWebhookUrl } from '../../src/service/webhooks/webhook-url.js';
import { startDnsStub } from '../helpers/dns-stub.js';

/** libuv's pool: UV_THREADPOOL_SIZE threads, 4 unless set. */
const POOL = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

/** Holds every thread of the pool until `release()`: each blocks opening a FIFO for reading. */
function holdPool(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'dns-pool-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const fifos = Array.from({ length: POOL }, (_, i) => join(dir, `fifo-${i}`));
  execFileSync('mkfifo', fifos);
  const readers = fifos.map((fifo) => open(fifo, 'r'));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    // A writer opening without blocking meets the reader waiting in its thread: both opens end.
    const writers = fifos.map((fifo) => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    for (const handle of await Promise.all(readers)) await handle.close();
    for (const fd of writers) closeSync(fd);
  };
  t.teardown(release);
  return release;
}

t.test("with libuv's pool held, a subscription's lookup and a send's check still answer", async (t) => {
  const dns = await startDnsStub(t, { 'hooks.test': '93.184.215.14', 'rebound.test': '10.0.0.1' });
  const policy = { allowHosts: [], resolve: hostResolver({ servers: [dns.server] }) };
  const release = holdPool(t);
  // A lookup through the pool: it cannot start until a thread is free.
  let poolLookup = 'waiting';
  const throughPool = new Promise<void>((resolve) =>
    lookup('localhost', () => {
      poolLookup = 'answered';
      resolve();
    }),
  );

  // The bound only ends a test that would hang: a lookup on the pool would wait for ever here.
  const held = new Promise<string>((resolve) => setTimeout(resolve, 60_000, 'held').unref());
  const checked = await Promise.race([
    checkWebhookUrl('https://hooks.test/hook', policy).then((url) => url.hostname),
    held,
  ]);
  t.equal(checked, 'hooks.test', "a subscription's name was looked up");
  const sent = await Promise.race([
    postDelivery('https://rebound.test/hook', '{}', {}, policy, { connectMs: 60_000, responseMs: 60_000 }),
    held,
  ]);
  t.match(sent, { ok: false, status: null, error: ADDRESS_REFUSED }, "a send's lookup ran (and refused 10.0.0.1)");
  t.equal(poolLookup, 'waiting', "meanwhile a lookup through the pool still waited: the pool's threads were held");

  await release();
  await throughPool;
  t.equal(poolLookup, 'answered', 'which answers once the pool is free');
});
