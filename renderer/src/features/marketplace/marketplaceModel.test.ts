/** The marketplace screen's pure part: the list in the address, the moves offered, and the form ↔ cents. */
import type { MarketplaceNumber } from '@shared/api/marketplace';
import { describe, expect, it } from 'vitest';
import {
  formOf,
  formProblems,
  MONEY_MESSAGE,
  offerBodyOf,
  readMarketplaceState,
  statusActions,
  updateBodyOf,
  writeMarketplaceState,
} from './marketplaceModel';

const number = (changes: Partial<MarketplaceNumber> = {}): MarketplaceNumber => ({
  id: 7,
  company_id: 1,
  number_id: 3,
  number: '+18885550103',
  formatted: '(888) 555-0103',
  vanity: '',
  vanity_form: null,
  type: 1,
  status: 'listed',
  asking_price_cents: 125_050,
  lease_price_cents: 14_900,
  description: 'Toll-free',
  sold_price_cents: null,
  sold_at: null,
  listed_at: '2026-11-01T10:00:00.000Z',
  interest: { views: 3, inquiries: 1, offers: 0 },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...changes,
});

describe('the list in the address', () => {
  it('reads and writes page, search and status; an unknown status is no filter', () => {
    const state = readMarketplaceState(new URLSearchParams('page=3&search=888&status=sold'));
    expect(state).toEqual({ page: 3, search: '888', status: 'sold' });
    expect(writeMarketplaceState(state).toString()).toBe('page=3&search=888&status=sold');
    expect(readMarketplaceState(new URLSearchParams('page=-1&status=bought'))).toEqual({
      page: 1,
      search: '',
      status: '',
    });
    expect(writeMarketplaceState({ page: 1, search: ' ', status: '' }).toString()).toBe('');
  });
});

describe('the status moves offered (shared/domain/marketplace.ts’s table)', () => {
  it.each([
    ['unlisted', ['List', 'Withdraw']],
    ['listed', ['Mark under offer', 'Mark sold', 'Withdraw']],
    ['under_offer', ['List again', 'Mark sold', 'Withdraw']],
    ['withdrawn', ['List again']],
    ['sold', []],
  ] as const)('%s: %j', (status, labels) => {
    expect(statusActions(status).map((action) => action.label)).toEqual(labels);
  });
});

describe('the form', () => {
  it('shows cents as dollars, whole amounts without cents', () => {
    expect(formOf(number())).toEqual({
      asking: '1250.50',
      lease: '149',
      description: 'Toll-free',
      vanity: '',
    });
    expect(formOf(number({ lease_price_cents: null })).lease).toBe('');
  });

  it('refuses amounts that are not money; an empty lease is “not for lease”', () => {
    expect(formProblems({ asking: '12.345', lease: 'abc', description: '', vanity: '' })).toEqual({
      asking: MONEY_MESSAGE,
      lease: MONEY_MESSAGE,
    });
    expect(formProblems({ asking: '$1,500', lease: '', description: '', vanity: '' })).toEqual({});
  });

  it('sends cents, trims the text, and the move when one was chosen', () => {
    const form = { asking: '1,500', lease: '', description: ' Nice ', vanity: ' flowers ' };
    expect(updateBodyOf(form)).toEqual({
      asking_price_cents: 150_000,
      lease_price_cents: null,
      description: 'Nice',
      vanity: 'flowers',
    });
    expect(updateBodyOf(form, 'withdrawn')).toMatchObject({ status: 'withdrawn' });
    expect(offerBodyOf(3, { ...form, lease: '25.5' }, true)).toEqual({
      number_id: 3,
      asking_price_cents: 150_000,
      lease_price_cents: 2_550,
      description: 'Nice',
      vanity: 'flowers',
      list: true,
    });
  });
});
