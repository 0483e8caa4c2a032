/**
 * The checks that read the brand's web pages: the website answers, and its privacy policy says mobile numbers and
 * opt-in data are not shared. Each fetch is bounded like the DNI script verifier's (lib/publicFetch.ts through
 * `ctx.fetchPage`: a timeout, a size cap, public addresses only — unless the test setting lets a local test
 * server's origin through, config `registration.testOrigins`).
 */
import { mentionsNoSharing, PRIVACY_FINDING, type RegistrationFinding } from '@shared/domain/registration';
import type { AppContext } from '../../../http/context';

export const PAGE_TIMEOUT_MS = 10_000;
export const PAGE_MAX_BYTES = 1024 * 1024;

type Fetched = { ok: true; text: string } | { ok: false; why: string; refused: boolean };

const WHY: Record<string, string> = {
  invalid: 'it is not an http(s) address',
  refused: 'its address is not on the public internet',
  status: 'it answered with an error',
  too_large: `the page is larger than ${PAGE_MAX_BYTES / (1024 * 1024)} MB`,
  timeout: `it did not answer within ${PAGE_TIMEOUT_MS / 1000} seconds`,
  unreachable: 'the name does not resolve or the server does not answer',
};

/** Prepends https:// as §5 does for URLs without a scheme. */
function absolute(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

async function fetchText(ctx: AppContext, url: string): Promise<Fetched> {
  const outcome = await ctx.fetchPage(absolute(url.trim()), {
    timeoutMs: PAGE_TIMEOUT_MS,
    maxBytes: PAGE_MAX_BYTES,
    headers: {
      accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5,*/*;q=0.1',
      'user-agent': 'SwitchboardRegistrationCheck/1.0 (+text-messaging registration check)',
    },
    ...(ctx.config.registration?.testOrigins ? { allowOrigins: ctx.config.registration.testOrigins } : {}),
  });
  if (!outcome.ok) {
    const status = outcome.status ? ` (HTTP ${outcome.status})` : '';
    return {
      ok: false,
      why: `${WHY[outcome.reason] ?? outcome.reason}${status}`,
      refused: outcome.reason === 'refused',
    };
  }
  return { ok: true, text: pageText(outcome.body.toString('utf8')) };
}

/** The words of an HTML page (scripts, styles and tags dropped), or plain text as it is. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function websiteFindings(
  ctx: AppContext,
  website: string | null | undefined,
): Promise<RegistrationFinding[]> {
  if (!website?.trim()) return [];
  const page = await fetchText(ctx, website);
  if (page.ok) return [];
  return [
    {
      field: 'brand.website',
      severity: 'error',
      message: `The website could not be reached: ${page.why}. Reviewers reject brands whose website does not load.`,
      fix: 'Enter the address of your business’s live public website (e.g. https://www.yourbusiness.com).',
    },
  ];
}

export async function privacyFindings(
  ctx: AppContext,
  url: string | null | undefined,
): Promise<RegistrationFinding[]> {
  if (!url?.trim()) return [];
  const page = await fetchText(ctx, url);
  if (!page.ok)
    return [
      {
        field: 'campaign.privacy_policy_url',
        severity: 'error',
        message: `The privacy policy could not be read: ${page.why}.`,
        fix: 'Publish the privacy policy on your website and enter its full address.',
      },
    ];
  return mentionsNoSharing(page.text) ? [] : [PRIVACY_FINDING];
}
