/**
 * The call-tracking rules (shared/domain/dni.ts; §1 "tracked voice and SMS numbers … number pools", §7 "Tracking
 * pools and DNI", issue 21): how a visit is read, which source claims it (most specific first), which user agents
 * are bots, how a lease ends, and when a pool runs hot.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseSource,
  classifyVisit,
  conditionMatch,
  describeCondition,
  hostOf,
  isBotUserAgent,
  leaseEndsAt,
  numberFreeAt,
  poolAdvice,
  poolUtilisation,
  queryParams,
  type SourceCondition,
  specificityOf,
} from './dni';

const SITE = 'https://demomotors.example';

describe('reading a visit', () => {
  it.each([
    [
      'UTM parameters win',
      `${SITE}/?utm_source=Google&utm_medium=CPC&utm_campaign=winter&utm_term=used+civic&gclid=x`,
      'https://www.bing.com/',
      { source: 'google', medium: 'cpc', campaign: 'winter', keyword: 'used civic' },
    ],
    [
      'a Google Ads click id',
      `${SITE}/?gclid=abc`,
      null,
      { source: 'google', medium: 'cpc', campaign: null, keyword: null },
    ],
    ['a Microsoft Ads click id', `${SITE}/?msclkid=abc`, null, { source: 'bing', medium: 'cpc' }],
    [
      'a Facebook click id',
      `${SITE}/?fbclid=abc`,
      'https://l.facebook.com/',
      { source: 'facebook', medium: 'paid_social' },
    ],
    [
      'a search engine referrer is organic',
      `${SITE}/`,
      'https://www.google.co.uk/',
      { source: 'google', medium: 'organic' },
    ],
    ['a social referrer is social', `${SITE}/`, 'https://t.co/xyz', { source: 'twitter', medium: 'social' }],
    [
      'webmail is email',
      `${SITE}/`,
      'https://mail.google.com/mail/u/0/',
      { source: 'webmail', medium: 'email' },
    ],
    [
      'any other site is a referral under its host',
      `${SITE}/`,
      'https://www.carforums.example/thread/9',
      { source: 'carforums.example', medium: 'referral' },
    ],
    ['no referrer is direct', `${SITE}/`, null, { source: 'direct', medium: '(none)' }],
    [
      'the site itself is no referrer',
      `${SITE}/specials`,
      `${SITE}/`,
      { source: 'direct', medium: '(none)', referrer: null },
    ],
  ] as const)('%s', (_name, landingUrl, referrer, expected) => {
    expect(classifyVisit({ landingUrl, referrer })).toMatchObject(expected);
  });

  it('keeps click ids and the landing page', () => {
    const visit = classifyVisit({ landingUrl: `${SITE}/?gclid=G1&fbclid=F1`, referrer: null });
    expect(visit.click_ids).toEqual({ gclid: 'G1', fbclid: 'F1' });
    expect(visit.landing_page).toBe(`${SITE}/?gclid=G1&fbclid=F1`);
  });

  it.each([
    ['https://www.Example.com/path', 'example.com'],
    ['http://user@shop.example.co.uk:8080/x?y', 'shop.example.co.uk'],
    ['ftp://example.com/', null],
    ['not a url', null],
    ['', null],
  ])('host of %s is %s', (url, host) => {
    expect(hostOf(url)).toBe(host);
  });

  it('reads query parameters as analytics tools do (first value wins, + is a space)', () => {
    const params = queryParams('https://x.example/p?a=1&b=two+words&a=2&c=%E2%9C%93&bad=%E0#frag=no');
    expect([...params]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', '✓'],
      ['bad', '%E0'],
    ]);
  });
});

describe('source rules: most specific first', () => {
  const visit = (landingUrl: string, referrer: string | null = null) => ({ landingUrl, referrer });

  it.each<[SourceCondition, number]>([
    [{ kind: 'param', key: 'utm_source', value: 'google' }, 5],
    [{ kind: 'param', key: 'gclid', value: null }, 4],
    [{ kind: 'referrer', domain: 'facebook.com' }, 3],
    [{ kind: 'referrer_group', group: 'search' }, 2],
    [{ kind: 'direct' }, 2],
    [{ kind: 'all' }, 1],
  ])('%o has specificity %i', (condition, score) => {
    expect(specificityOf(condition)).toBe(score);
  });

  it.each<[string, SourceCondition, ReturnType<typeof visit>, boolean]>([
    [
      'a parameter value, ignoring case',
      { kind: 'param', key: 'utm_source', value: 'google' },
      visit(`${SITE}/?utm_source=GOOGLE`),
      true,
    ],
    [
      'another value',
      { kind: 'param', key: 'utm_source', value: 'google' },
      visit(`${SITE}/?utm_source=bing`),
      false,
    ],
    ['a parameter present', { kind: 'param', key: 'gclid', value: null }, visit(`${SITE}/?gclid=1`), true],
    [
      'a parameter present but empty',
      { kind: 'param', key: 'gclid', value: null },
      visit(`${SITE}/?gclid=`),
      false,
    ],
    [
      'a referrer subdomain',
      { kind: 'referrer', domain: 'facebook.com' },
      visit(SITE, 'https://m.facebook.com/'),
      true,
    ],
    [
      'a referrer that only ends alike',
      { kind: 'referrer', domain: 'facebook.com' },
      visit(SITE, 'https://notfacebook.com/'),
      false,
    ],
    [
      'a search engine',
      { kind: 'referrer_group', group: 'search' },
      visit(SITE, 'https://duckduckgo.com/'),
      true,
    ],
    [
      'a social network is no search engine',
      { kind: 'referrer_group', group: 'search' },
      visit(SITE, 'https://www.instagram.com/'),
      false,
    ],
    ['direct: no referrer', { kind: 'direct' }, visit(SITE), true],
    ['direct: an ad click is not direct', { kind: 'direct' }, visit(`${SITE}/?gclid=1`), false],
    ['direct: the site itself as referrer', { kind: 'direct' }, visit(`${SITE}/b`, `${SITE}/a`), true],
    ['all visitors', { kind: 'all' }, visit(SITE, 'https://anything.example/'), true],
  ])('%s', (_name, condition, input, matches) => {
    expect(conditionMatch(condition, input) > 0).toBe(matches);
  });

  const sources = [
    { id: 1, name: 'Everyone', conditions: [{ kind: 'all' } as const] },
    { id: 2, name: 'Facebook', conditions: [{ kind: 'referrer', domain: 'facebook.com' } as const] },
    { id: 3, name: 'Google Ads', conditions: [{ kind: 'param', key: 'gclid', value: null } as const] },
    {
      id: 4,
      name: 'Spring sale',
      conditions: [{ kind: 'param', key: 'utm_campaign', value: 'spring' } as const],
    },
    { id: 5, name: 'Also everyone', conditions: [{ kind: 'all' } as const] },
  ];

  it.each([
    [
      'a tagged ad click from facebook: the parameter value',
      visit(`${SITE}/?utm_campaign=spring&gclid=1`, 'https://facebook.com/'),
      'Spring sale',
    ],
    [
      'an ad click from facebook: the parameter',
      visit(`${SITE}/?gclid=1`, 'https://facebook.com/'),
      'Google Ads',
    ],
    ['from facebook: the referrer', visit(SITE, 'https://facebook.com/'), 'Facebook'],
    ['anyone else: every visitor, the source made first', visit(SITE), 'Everyone'],
  ])('%s', (_name, input, expected) => {
    expect(chooseSource(sources, input)?.name).toBe(expected);
  });

  it('claims nothing when no source matches', () => {
    expect(chooseSource([sources[2] as (typeof sources)[number]], visit(SITE))).toBeNull();
  });

  it.each<[SourceCondition, string]>([
    [{ kind: 'param', key: 'utm_source', value: 'google' }, 'utm_source = google'],
    [{ kind: 'param', key: 'gclid', value: null }, 'gclid present'],
    [{ kind: 'referrer', domain: 'facebook.com' }, 'from facebook.com'],
    [{ kind: 'referrer_group', group: 'social' }, 'from social networks'],
    [{ kind: 'direct' }, 'direct visit'],
    [{ kind: 'all' }, 'all visitors'],
  ])('%o reads “%s”', (condition, text) => {
    expect(describeCondition(condition)).toBe(text);
  });
});

describe('bots never take pool numbers', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      true,
    ],
    ['Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse', true],
    ['curl/8.5.0', true],
    ['python-requests/2.32.3', true],
    ['', true],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0', false],
  ])('%s → %s', (userAgent, bot) => {
    expect(isBotUserAgent(userAgent)).toBe(bot);
  });
});

describe('leases', () => {
  it('a lease runs from the last sign of life; the number is free after the cool-down too', () => {
    const seen = new Date('2026-11-24T15:00:00Z');
    const end = leaseEndsAt(seen, 30);
    expect(end.toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(numberFreeAt(end, 10).toISOString()).toBe('2026-11-24T15:40:00.000Z');
    expect(numberFreeAt(end, 0).toISOString()).toBe(end.toISOString());
  });
});

describe('utilisation and the advice to grow', () => {
  it.each([
    [10, 0, 0],
    [4, 2, 0.5],
    [4, 4, 1],
    [0, 3, 0],
  ])('%i numbers at a peak of %i sessions → %f', (numbers, peak, share) => {
    expect(poolUtilisation(peak, numbers)).toBe(share);
  });

  it.each([
    ['quiet', { numbers: 10, peakSessions: 5, fallbacks: 0 }, false, 0],
    ['at 80 %: hot, grown to sit at 70 %', { numbers: 10, peakSessions: 8, fallbacks: 0 }, true, 2],
    ['exhausted with fallbacks', { numbers: 4, peakSessions: 4, fallbacks: 25 }, true, 6],
    ['one fallback is enough to say so', { numbers: 10, peakSessions: 3, fallbacks: 1 }, true, 1],
  ])('%s', (_name, input, hot, add) => {
    const advice = poolAdvice(input);
    expect(advice.hot).toBe(hot);
    expect(advice.add).toBe(add);
    if (hot) expect(advice.message).toMatch(new RegExp(`Add ${add} number`));
    else expect(advice.message).toBeNull();
  });
});
