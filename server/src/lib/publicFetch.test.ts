/**
 * A carrier's media URL is fetched only from public addresses: never our own machine, private networks or the
 * cloud metadata service, whether named by IP, by a name that resolves there, or by a redirect.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublic, fetchPublicOutcome, isPublicAddress } from './publicFetch';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['54.172.60.1', true],
    ['2607:f8b0:4005:80a::200e', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetchPublic', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits++;
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/file` });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from('PNGDATA'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { timeoutMs: 2000, maxBytes: 1024 };
  /** A resolver that says every name is at `address` (as a hostile DNS answer would). */
  const resolvesTo =
    (address: string): LookupFunction =>
    (_hostname, _options, callback) =>
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address, family: 4 },
      ]);

  it('refuses a loopback address by IP, by a name that resolves to it, and other schemes', async () => {
    hits = 0;
    expect(await fetchPublic(`http://127.0.0.1:${port}/file`, options)).toBeNull();
    expect(await fetchPublic(`http://[::1]:${port}/file`, options)).toBeNull();
    expect(
      await fetchPublic(`http://media.example.test:${port}/file`, {
        ...options,
        resolve: resolvesTo('127.0.0.1'),
      }),
    ).toBeNull();
    expect(
      await fetchPublic('http://metadata.example.test/latest/meta-data', {
        ...options,
        resolve: resolvesTo('169.254.169.254'),
      }),
    ).toBeNull();
    expect(await fetchPublic('file:///etc/passwd', options)).toBeNull();
    expect(await fetchPublic('x:/../media.secret', options)).toBeNull();
    expect(hits).toBe(0);
  });

  it('fails a name that resolves to a private address in the same words as a name that does not resolve', async () => {
    // Told apart, they would say which names exist inside our network (issue 33). A literal address says nothing
    // the caller did not write, so it alone is "refused".
    const notFound: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    const internal = await fetchPublicOutcome('http://intranet.example.test/', {
      ...options,
      resolve: resolvesTo('10.1.2.3'),
    });
    const missing = await fetchPublicOutcome('http://missing.example.test/', {
      ...options,
      resolve: notFound,
    });
    expect(internal).toEqual({ ok: false, reason: 'unreachable', status: null });
    expect(missing).toEqual(internal);
    expect(await fetchPublicOutcome('http://10.1.2.3/', options)).toEqual({
      ok: false,
      reason: 'refused',
      status: null,
    });
  });
});
