/**
 * Fetching a file from a URL someone else gave us (a carrier's media link) without letting that URL reach inside
 * our network: only http(s), and only to public addresses — never loopback, private, link-local (the cloud
 * metadata service at 169.254.169.254), carrier-grade NAT, multicast or unspecified ones. The address is checked
 * when the socket connects (Node's `lookup` hook), so a name that resolves to a public address for a check and a
 * private one for the fetch (DNS rebinding) is still refused; every redirect is checked the same way, and
 * credentials never follow a redirect to another origin.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`Refusing to connect to ${address}: not a public address.`);
    this.name = 'RefusedAddressError';
  }
}

/** A DNS lookup that only ever answers public addresses (fails otherwise). */
function publicOnly(resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (Array.isArray(addresses) ? addresses : []) as LookupAddress[];
      const refused = list.find((entry) => !isPublicAddress(entry.address));
      if (refused || list.length === 0)
        return callback(new RefusedAddressError(refused?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export interface PublicFetchOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** DNS, injectable for tests (answers are still checked). */
  resolve?: LookupFunction;
  /**
   * Origins (`http://127.0.0.1:40123`) let through although their address is not public. Only a test gives any, for
   * the page it serves itself (composition.ts `fetchPage` override); every other origin, and a redirect from an
   * allowed one to elsewhere, is judged as always.
   */
  allowOrigins?: readonly string[];
}

export interface PublicFetchResult {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/**
 * GETs `url` from a public address; null when the URL is not http(s), an address is not public, the answer is not
 * 2xx, larger than `maxBytes`, or slower than `timeoutMs` in all.
 */
export async function fetchPublic(
  url: string,
  options: PublicFetchOptions,
): Promise<PublicFetchResult | null> {
  const outcome = await fetchPublicOutcome(url, options);
  return outcome.ok ? { status: outcome.status, contentType: outcome.contentType, body: outcome.body } : null;
}

/** Why a public fetch gave nothing, for callers that tell a person (the DNI script verifier). */
export type PublicFetchFailure =
  /** Not an http(s) URL, or too many redirects. */
  | 'invalid'
  /**
   * An address written in the URL (the one given, or a redirect's) is an IP address that is not public. A host
   * *name* whose address is not public is `unreachable`, as one that does not resolve is.
   */
  | 'refused'
  /** The server answered, but not 2xx (`status` says what). */
  | 'status'
  | 'too_large'
  | 'timeout'
  /** No answer: the name does not resolve (or resolves to no public address), the connection was refused or broke. */
  | 'unreachable';

export type PublicFetchOutcome =
  | ({ ok: true } & PublicFetchResult)
  | { ok: false; reason: PublicFetchFailure; status: number | null };

/** `fetchPublic`, saying why when it gives nothing. */
export async function fetchPublicOutcome(
  url: string,
  options: PublicFetchOptions,
): Promise<PublicFetchOutcome> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const resolve = options.resolve ?? (dnsLookup as unknown as LookupFunction);
  const lookup = publicOnly(resolve);
  const fail = (reason: PublicFetchFailure, status: number | null = null): PublicFetchOutcome => ({
    ok: false,
    reason,
    status,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return fail('invalid');
  }
  let headers = options.headers ?? {};
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return fail('invalid');
    const allowed = options.allowOrigins?.includes(target.origin) ?? false;
    // A literal IP skips DNS, so it is judged here.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host) && !allowed) return fail('refused');
    const response = await get(target, headers, allowed ? resolve : lookup, deadline).catch(() => null);
    // A name that resolves to a private address fails in the same words as one that does not resolve: were they
    // told apart, whoever hands us URLs (a page to verify) could map which names exist inside our network.
    if (!response) return fail(deadline.aborted ? 'timeout' : 'unreachable');
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      const next = new URL(location, target);
      // Credentials are for the origin they were given for, never a redirect elsewhere.
      if (next.origin !== target.origin) headers = {};
      target = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      return fail('status', status);
    }
    const body = await readAtMost(response, options.maxBytes).catch(() => undefined);
    if (body === undefined) return fail(deadline.aborted ? 'timeout' : 'unreachable', status);
    if (!body) return fail('too_large', status);
    return { ok: true, status, contentType: response.headers['content-type'] ?? null, body };
  }
  return fail('invalid');
}

function get(
  target: URL,
  headers: Record<string, string>,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, { method: 'GET', headers, lookup, signal }, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers['content-length'] ?? '0');
  if (declared > maxBytes) {
    response.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
