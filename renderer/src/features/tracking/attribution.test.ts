import type { Call } from '@shared/api/activity';
import { describe, expect, it } from 'vitest';
import { attributionFacts, pathSteps, sourceLine } from './attribution';

const attribution: NonNullable<Call['attribution']> = {
  source: 'google',
  medium: 'cpc',
  campaign: 'winter-trucks',
  keyword: 'used trucks',
  content: null,
  landing_page: 'https://demomotors.test/?gclid=abc',
  referrer: 'https://www.google.com/',
  click_ids: { gclid: 'abc' },
  source_id: 3,
  source_name: 'Google Ads',
  pool_id: 1,
  path: [
    { url: 'https://demomotors.test/trucks', title: 'Trucks', at: '2026-11-24T12:03:00Z' },
    { url: 'https://demomotors.test/?gclid=abc', title: null, at: '2026-11-24T12:01:00Z' },
  ],
};

describe('a call’s attribution in words (§7: the match is shown on the call)', () => {
  it('shows the source, medium, campaign, keyword, pages and click ids of a matched visit', () => {
    const facts = attributionFacts({ source: 'Google Ads', first_time: true, attribution });
    expect(facts.map((fact) => [fact.label, fact.value])).toEqual([
      ['Source', 'Google Ads'],
      ['Visit source', 'google'],
      ['Medium', 'cpc'],
      ['Campaign', 'winter-trucks'],
      ['Keyword', 'used trucks'],
      ['Landing page', 'https://demomotors.test/?gclid=abc'],
      ['Referrer', 'https://www.google.com/'],
      ['Click ids', 'gclid=abc'],
      ['Caller', 'First-time caller'],
    ]);
    expect(facts.find((fact) => fact.label === 'Landing page')?.href).toBe(
      'https://demomotors.test/?gclid=abc',
    );
  });

  it('shows only the source of a call to a static number (no session: the visit fields are empty)', () => {
    const staticCall = {
      ...attribution,
      source: '',
      medium: '',
      campaign: null,
      keyword: null,
      landing_page: '',
      referrer: null,
      click_ids: {},
      path: [],
    };
    const facts = attributionFacts({
      source: 'Facebook',
      first_time: false,
      attribution: { ...staticCall, source_name: 'Facebook' },
    });
    expect(facts.map((fact) => fact.label)).toEqual(['Source', 'Caller']);
  });

  it('falls back on the call’s own source, and says nothing without one', () => {
    expect(attributionFacts({ source: 'Yellow pages', first_time: false, attribution: null })).toEqual([
      { label: 'Source', value: 'Yellow pages' },
    ]);
    expect(attributionFacts({ source: null, first_time: false, attribution: null })).toEqual([]);
  });

  it('lists the visitor’s path in the order the pages were viewed, titled', () => {
    const steps = pathSteps(attribution, 'UTC');
    expect(steps.map((step) => step.title)).toEqual(['demomotors.test/?gclid=abc', 'Trucks']);
    expect(steps[1]?.when).toBe('Nov 24, 2026 12:03 PM');
    expect(pathSteps(null, 'UTC')).toEqual([]);
  });

  it('puts a row’s source and keyword on one line', () => {
    expect(sourceLine({ source: 'Google Ads', keyword: 'used trucks' })).toBe(
      'Google Ads · keyword: used trucks',
    );
    expect(sourceLine({ source: null, keyword: null })).toBe('');
  });
});
