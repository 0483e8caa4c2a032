import { describe, expect, it } from 'vitest';
import { describeFilters, EMPTY_FILTER_FORM, fromFilters, toFilters } from './groupFilters';

describe('virtual group filters', () => {
  it('sends only the filters set', () => {
    expect(toFilters(EMPTY_FILTER_FORM)).toEqual({});
    expect(toFilters({ search: '  smith ', labels: ['3', '5'], optin: 'yes', unsubscribed: 'no' })).toEqual({
      search: 'smith',
      labels: [3, 5],
      optin: true,
      unsubscribed: false,
    });
  });

  it('keeps filters the form does not edit, and drops the ones it cleared', () => {
    expect(
      toFilters({ ...EMPTY_FILTER_FORM, optin: 'no' }, { type: 'Business', search: 'old', optin: true }),
    ).toEqual({ type: 'Business', optin: false });
  });

  it('reads a group’s filters back into the form', () => {
    expect(fromFilters({ labels: [2], unsubscribed: true })).toEqual({
      search: '',
      labels: ['2'],
      optin: 'any',
      unsubscribed: 'yes',
    });
    expect(fromFilters(null)).toEqual(EMPTY_FILTER_FORM);
  });

  it('says them in words', () => {
    expect(describeFilters({ labels: [2, 9], optin: true, search: 'smith' }, new Map([[2, 'VIP']]))).toBe(
      'labels VIP, #9; opted in; matching “smith”',
    );
    expect(describeFilters({})).toBe('every contact');
    expect(describeFilters(null)).toBe('');
  });
});
