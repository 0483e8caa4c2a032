import { describe, expect, it } from 'vitest';
import {
  drawersOf,
  eventText,
  numberShown,
  pageText,
  sinceText,
  visitorSource,
  withDrawer,
} from './liveModel';
import { currentTab } from './TrackingAreaTabs';

const now = new Date('2026-11-24T12:00:00Z');

describe('the live feed’s words', () => {
  it('says how long ago in minutes and hours, never negative', () => {
    expect(sinceText('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(sinceText('2026-11-24T12:00:30Z', now)).toBe('just now');
    expect(sinceText('2026-11-24T11:56:00Z', now)).toBe('4 min');
    expect(sinceText('2026-11-24T10:55:00Z', now)).toBe('1 h 5 min');
    expect(sinceText('2026-11-24T10:00:00Z', now)).toBe('2 h');
  });

  it('shows a page of the landing page’s site by its path, another site’s whole', () => {
    const landing = 'https://www.demomotors.test/?gclid=abc';
    expect(pageText('https://www.demomotors.test/trucks?page=2', landing)).toBe('/trucks?page=2');
    expect(pageText('https://www.demomotors.test', landing)).toBe('/');
    expect(pageText('https://other.test/a', landing)).toBe('other.test/a');
    expect(pageText(null, landing)).toBe('');
  });

  it('counts a visitor under the company’s source, else what the visit said', () => {
    const attribution = { source: 'google' } as never;
    expect(visitorSource({ source: { id: 1, name: 'Google Ads' }, attribution })).toBe('Google Ads');
    expect(visitorSource({ source: null, attribution })).toBe('google');
  });

  it('says which number a visitor sees, and when it is the fallback', () => {
    expect(numberShown({ number: '+13125550101', fallback: false })).toBe('(312) 555-0101');
    expect(numberShown({ number: '+13125550100', fallback: true })).toBe('(312) 555-0100 (fallback)');
    expect(numberShown({ number: null, fallback: false })).toBe('The page’s own');
  });

  it('names timeline events', () => {
    const base = { id: 1, at: '', url: null, title: null, number: null, call_id: null };
    expect(eventText({ ...base, kind: 'page_view', url: 'https://x.test/a', title: 'Trucks' })).toEqual({
      title: 'Viewed a page',
      detail: 'Trucks · https://x.test/a',
    });
    expect(eventText({ ...base, kind: 'call', number: '+13125550101' })).toEqual({
      title: 'Called',
      detail: '(312) 555-0101',
    });
  });
});

describe('drawers in the address', () => {
  it('opens a session or a call from the address, ignoring what the contract would refuse', () => {
    expect(drawersOf(new URLSearchParams('session=abcdefghijklmnop1234&call=12'))).toEqual({
      session: 'abcdefghijklmnop1234',
      call: 12,
    });
    expect(drawersOf(new URLSearchParams('session=short&call=-3'))).toEqual({ session: null, call: null });
  });

  it('sets and clears one drawer, keeping the other parameters', () => {
    const params = new URLSearchParams('tab=x');
    expect(withDrawer(params, 'call', 5).toString()).toBe('tab=x&call=5');
    expect(withDrawer(new URLSearchParams('tab=x&call=5'), 'call', null).toString()).toBe('tab=x');
  });
});

describe('the area’s tabs', () => {
  it('marks Pools on a pool’s own pages, and each tab on its screen', () => {
    expect(currentTab('/tracking')).toBe('/tracking');
    expect(currentTab('/tracking/pools/3/edit')).toBe('/tracking');
    expect(currentTab('/tracking/live/')).toBe('/tracking/live');
    expect(currentTab('/numbers')).toBeNull();
  });
});
