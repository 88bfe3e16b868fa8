/**
 * A DNS server on loopback for the tests (UDP, one question a query): answers the A records it
 * is given, holds the queries for `held` names unanswered until `release()` (a name whose DNS
 * never answers, without waiting for a time), and says "no such name" to anything else.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { Test } from 'tap';

export interface DnsStub {
  /** `127.0.0.1:<port>`, for `dns.setServers`. */
  server: string;
  /** The names asked so far (one entry a query: A and AAAA both count). */
  asked: string[];
  /** Answers every held query now ("no such name"). */
  release(): void;
}

const TYPE_A = 1;

/** The question's name and type, read from a query (RFC 1035 4.1.2). */
function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let i = 12;
  while (query[i] !== 0) {
    const length = query[i];
    labels.push(query.subarray(i + 1, i + 1 + length).toString('latin1'));
    i += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(i + 1), end: i + 5 };
}

/** The answer to `query`: the address when there is one (an A question), else no record. */
function answer(query: Buffer, address: string | undefined, noSuchName: boolean): Buffer {
  const { end } = question(query);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the query's id
  header.writeUInt16BE(0x8180 | (noSuchName ? 3 : 0), 2); // a response, recursion available, rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(address ? 1 : 0, 6);
  const parts = [header, query.subarray(12, end)];
  if (address) {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(TYPE_A, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    address.split('.').forEach((octet, k) => record.writeUInt8(Number(octet), 12 + k));
    parts.push(record);
  }
  return Buffer.concat(parts);
}

export async function startDnsStub(
  t: Test,
  records: Readonly<Record<string, string>>,
  held: readonly string[] = [],
): Promise<DnsStub> {
  const socket = createSocket('udp4');
  const waiting: { query: Buffer; from: RemoteInfo }[] = [];
  const send = (reply: Buffer, from: RemoteInfo) => socket.send(reply, from.port, from.address);
  const stub: DnsStub = {
    server: '',
    asked: [],
    release: () => {
      for (const { query, from } of waiting.splice(0)) send(answer(query, undefined, true), from);
    },
  };
  socket.on('message', (query, from) => {
    const { name, type } = question(query);
    stub.asked.push(name);
    if (held.includes(name)) return void waiting.push({ query, from });
    const address = records[name];
    send(answer(query, type === TYPE_A ? address : undefined, address === undefined), from);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  stub.server = `127.0.0.1:${socket.address().port}`;
  t.teardown(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  return stub;
}
