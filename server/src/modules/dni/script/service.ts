/**
 * The website tracking script's side of the platform (§7 "GET /trackingNumbers/script", "POST
 * /trackingNumbers/verifyScript"; issue 21): the built script itself, the snippet a company pastes on its site,
 * and the verifier that fetches a page of that site and says whether the snippet is there and which of the page's
 * numbers a pool would swap.
 */
import { readFile } from 'node:fs/promises';
import type { TrackingScript, VerifyScript } from '@shared/api/dni';
import { nanpE164 } from '@shared/domain/dniSwap';
import { asc, eq } from 'drizzle-orm';
import { dniPools } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HttpError, invalid } from '../../../lib/errors';
import type { PublicFetchFailure } from '../../../lib/publicFetch';
import { trackingKeyFor } from './key';
import { readPage } from './page';

/** §7 verifyScript's bounds on the page it fetches. */
export const VERIFY_TIMEOUT_MS = 10_000;
export const VERIFY_MAX_BYTES = 2 * 1024 * 1024;

export const SCRIPT_MESSAGES = {
  notBuilt:
    'The tracking script has not been built on this server: run `npm run build` (or start the server with `npm run server` or `npm start`, which build it), then load it again.',
  privateAddress:
    'This address is on a private or local network; give the address of your public website (for example https://www.example.com).',
  notInstalled:
    'The tracking script is not on this page: paste the snippet before </head> on every page of your website.',
  otherKey:
    'The tracking script is on this page but with another company’s key: paste this company’s snippet instead.',
  noNumbers: 'The tracking script is installed, but this page shows no phone number for it to swap.',
  noTargets:
    'The tracking script is installed, but none of the numbers on this page is a website number of your pools, so none will be swapped.',
  swaps: (count: number) =>
    `The tracking script is installed and will swap ${count} number${count === 1 ? '' : 's'} on this page.`,
  unreachable: {
    invalid: 'The page redirected too many times (or to an address that is not a web page).',
    status: (status: number | null) => `The page answered with an error (HTTP ${status ?? 'unknown'}).`,
    too_large: 'The page is larger than 2 MB, so it was not checked.',
    timeout: 'The page did not answer within 10 seconds.',
    unreachable: 'The page could not be reached: check the address and that the site is online.',
  },
} as const;

/** The built script's text, or 503 saying how to build it. Read each time: a rebuild is served without a restart. */
export async function trackerScriptSource(ctx: AppContext): Promise<Buffer> {
  const path = ctx.config.trackerScript;
  const source = path ? await readFile(path).catch(() => null) : null;
  if (!source) throw new HttpError(503, SCRIPT_MESSAGES.notBuilt);
  return source;
}

/** The script's public address: the platform's public origin, under the API prefix. */
export function trackerScriptUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${ctx.config.apiPrefix}/dni/script.js`;
}

/** The company's pools, oldest first, with their website numbers in E.164. */
async function poolTargets(ctx: AppContext, companyId: number) {
  const pools = await ctx.db
    .select({ id: dniPools.id, name: dniPools.name, target_numbers: dniPools.target_numbers })
    .from(dniPools)
    .where(eq(dniPools.company_id, companyId))
    .orderBy(asc(dniPools.id));
  return pools.map((pool) => ({
    ...pool,
    targets: pool.target_numbers.map((number) => nanpE164(number) ?? number),
  }));
}

/** GET /trackingNumbers/script: the snippet, its key, and every number the company's pools replace. */
export async function trackingScript(ctx: AppContext, companyId: number): Promise<TrackingScript> {
  const key = trackingKeyFor(ctx, companyId);
  const scriptUrl = trackerScriptUrl(ctx);
  const pools = await poolTargets(ctx, companyId);
  return {
    snippet: `<script async src="${scriptUrl}" data-key="${key}"></script>`,
    script_url: scriptUrl,
    key,
    target_numbers: [...new Set(pools.flatMap((pool) => pool.targets))],
  };
}

/**
 * POST /trackingNumbers/verifyScript: fetches the page (10 s, 2 MB, public addresses only) and reads it. A page
 * that does not answer is an answer (reachable false, saying why), not an error; a private IP address is refused
 * with 422 on `url` — the verifier must not become a way to probe the platform's own network. A host name that
 * resolves to a private address is unreachable in the same words as one that does not resolve (lib/publicFetch.ts),
 * so the answer never says which names exist inside that network.
 */
export async function verifyTrackingScript(
  ctx: AppContext,
  companyId: number,
  url: string,
): Promise<VerifyScript> {
  const fetched = await ctx.fetchPage(url, {
    timeoutMs: VERIFY_TIMEOUT_MS,
    maxBytes: VERIFY_MAX_BYTES,
    headers: {
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      'user-agent': 'SwitchboardScriptVerifier/1.0 (+tracking script check)',
    },
  });
  if (!fetched.ok) {
    if (fetched.reason === 'refused') throw invalid({ url: [SCRIPT_MESSAGES.privateAddress] });
    return {
      url,
      reachable: false,
      status: fetched.status,
      installed: false,
      key_matches: false,
      numbers: [],
      message: unreachableMessage(fetched.reason, fetched.status),
    };
  }

  const page = readPage(fetched.body.toString('utf8'));
  const key = trackingKeyFor(ctx, companyId);
  const installed = page.trackers.length > 0;
  const keyMatches = page.trackers.some((tracker) => tracker.key === key);
  const pools = await poolTargets(ctx, companyId);
  const numbers = page.numbers.map((shown) => {
    const pool = pools.find((one) => one.targets.includes(shown.number));
    return {
      text: shown.text,
      number: shown.number,
      swapped: !!pool,
      pool: pool ? { id: pool.id, name: pool.name } : null,
    };
  });
  const swapped = new Set(numbers.filter((one) => one.swapped).map((one) => one.number)).size;
  const message = !installed
    ? SCRIPT_MESSAGES.notInstalled
    : !keyMatches
      ? SCRIPT_MESSAGES.otherKey
      : numbers.length === 0
        ? SCRIPT_MESSAGES.noNumbers
        : swapped === 0
          ? SCRIPT_MESSAGES.noTargets
          : SCRIPT_MESSAGES.swaps(swapped);
  return {
    url,
    reachable: true,
    status: fetched.status,
    installed,
    key_matches: keyMatches,
    numbers,
    message,
  };
}

function unreachableMessage(reason: Exclude<PublicFetchFailure, 'refused'>, status: number | null): string {
  return reason === 'status'
    ? SCRIPT_MESSAGES.unreachable.status(status)
    : SCRIPT_MESSAGES.unreachable[reason];
}
