/**
 * A call's attribution in words, for its detail: the facts worth showing (a source always when there is one; the
 * visit's medium, campaign, keyword, pages and click ids when a session matched) and the visitor's path. A call to
 * a static pool number has no session, so only its source shows; a call with no attribution falls back on the
 * call's own `source` (a number's marketing source set by hand).
 */
import type { Call } from '@shared/api/activity';
import type { CallAttributionView } from '@shared/api/dni';
import { formatWhen } from '../../ui/dateTime';

export interface AttributionFact {
  label: string;
  value: string;
  /** A web address to open (landing page, referrer): only http(s) ones are links. */
  href?: string;
}

const webAddress = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

export function attributionFacts(
  call: Pick<Call, 'source' | 'attribution' | 'first_time'>,
): AttributionFact[] {
  const facts: AttributionFact[] = [];
  const a = call.attribution;
  const source = a?.source_name ?? call.source;
  if (source) facts.push({ label: 'Source', value: source });
  if (!a) return facts;
  const visited = !!a.landing_page;
  if (visited && a.source && a.source !== source) facts.push({ label: 'Visit source', value: a.source });
  if (visited && a.medium) facts.push({ label: 'Medium', value: a.medium });
  if (a.campaign) facts.push({ label: 'Campaign', value: a.campaign });
  if (a.keyword) facts.push({ label: 'Keyword', value: a.keyword });
  if (a.content) facts.push({ label: 'Ad content', value: a.content });
  if (visited) {
    const href = webAddress(a.landing_page);
    facts.push({ label: 'Landing page', value: a.landing_page, ...(href ? { href } : {}) });
    const referrer = webAddress(a.referrer);
    facts.push({
      label: 'Referrer',
      value: a.referrer ?? 'None (a direct visit)',
      ...(referrer ? { href: referrer } : {}),
    });
  }
  const clicks = Object.entries(a.click_ids).filter(([, value]) => !!value);
  if (clicks.length)
    facts.push({ label: 'Click ids', value: clicks.map(([name, value]) => `${name}=${value}`).join(', ') });
  if (facts.length)
    facts.push({ label: 'Caller', value: call.first_time ? 'First-time caller' : 'Returning caller' });
  return facts;
}

export interface PathStep {
  at: string;
  url: string;
  /** The page's title, else its address without the scheme. */
  title: string;
  when: string;
}

/** The pages before the call, in the order they were viewed. */
export function pathSteps(attribution: CallAttributionView | null, tz: string): PathStep[] {
  if (!attribution) return [];
  return [...attribution.path]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((page) => ({
      at: page.at,
      url: page.url,
      title: page.title?.trim() || page.url.replace(/^https?:\/\//i, ''),
      when: formatWhen(page.at, tz),
    }));
}

/** "Google Ads · keyword: used trucks": a row's source and keyword in one line; '' without either. */
export function sourceLine(row: { source: string | null; keyword: string | null }): string {
  return [row.source, row.keyword ? `keyword: ${row.keyword}` : null].filter(Boolean).join(' · ');
}
